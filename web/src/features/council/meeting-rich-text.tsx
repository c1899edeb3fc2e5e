import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { isBlankHtml } from './meeting-format';

interface MeetingRichTextProps {
  title: string;
  html: string;
  emptyText: string;
  /** h3 under a card's h2 (the list); h2 on the meeting's own page. */
  headingLevel?: 'h2' | 'h3';
}

/** One section ('Agenda' or 'Minutes') of server-sanitised rich text, or its empty text. */
export function MeetingRichText({ title, html, emptyText, headingLevel = 'h3' }: MeetingRichTextProps) {
  return (
    <Stack gap="2">
      <Heading as={headingLevel} size={headingLevel === 'h2' ? 'md' : 'sm'}>
        {title}
      </Heading>
      {isBlankHtml(html) ? (
        <Text color="fg.muted" textStyle={headingLevel === 'h2' ? 'md' : 'sm'}>
          {emptyText}
        </Text>
      ) : (
        <Box
          textStyle={headingLevel === 'h2' ? 'md' : 'sm'}
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
