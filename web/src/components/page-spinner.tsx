import { Center, Spinner } from '@chakra-ui/react';

/** The loading indicator of pages and route checks. */
export function PageSpinner() {
  return (
    <Center role="status" aria-label="Loading" py="16" minH="40vh">
      <Spinner size="lg" color="colorPalette.solid" />
    </Center>
  );
}
