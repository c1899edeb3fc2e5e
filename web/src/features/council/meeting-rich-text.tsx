import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { isBlankHtml } from './meeting-format';

interface MeetingRichTextProps {
  title: string;
  html: string;
  emptyText: string;
}

/** One section ('Agenda' or 'Minutes') of server-sanitised rich text, or its empty text. */
export function MeetingRichText({ title, html, emptyText }: MeetingRichTextProps) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {isBlankHtml(html) ? (
        <Text color="fg.muted" textStyle="sm">
          {emptyText}
        </Text>
      ) : (
        <Box
          textStyle="sm"
          css={{
            '& p': { marginBottom: '0.5rem' },
            '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5rem', marginBottom: '0.5rem' },
            '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5rem', marginBottom: '0.5rem' },
            '& b, & strong': { fontWeight: 'bold' },
            '& i, & em': { fontStyle: 'italic' },
          }}
          // The server keeps only b, i, em, strong, p, br, ul, ol, li without attributes.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Stack>
  );
}
