import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

interface LoadMoreButtonProps {
  /** 'clubs', 'opportunities', 'applications'. */
  what: string;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}

/** 'Load more …'. Once pressed, further pages also load when the end of the list scrolls into
 *  view (the first page stays put until the visitor asks for more). */
export function LoadMoreButton({ what, loading, failed, onLoadMore }: LoadMoreButtonProps) {
  const [autoLoad, setAutoLoad] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const active = autoLoad && !loading && !failed;

  useEffect(() => {
    const target = sentinel.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onLoadMore(), {
      rootMargin: '400px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, onLoadMore]);

  return (
    <Center ref={sentinel} py="4">
      <Stack alignItems="center" gap="2">
        {failed && (
          <Text role="alert" textStyle="sm" color="fg.error">
            More {what} could not be loaded. Please try again.
          </Text>
        )}
        <Button
          variant="outline"
          colorPalette="teal"
          loading={loading}
          loadingText={`Loading more ${what}...`}
          onClick={() => {
            setAutoLoad(true);
            onLoadMore();
          }}
        >
          Load more {what}
        </Button>
      </Stack>
    </Center>
  );
}
