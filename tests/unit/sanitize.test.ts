// The spec's sanitising (server/src/lib/sanitize.ts): plain text loses tags, script prefixes and
// event handlers; rich text keeps only b, i, em, strong, p, br, ul, ol, li without attributes;
// URLs must be http or https.
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, sanitizeRichText, sanitizeText, sanitizeUrl } from '../../server/src/lib/sanitize.js';

const ANY_TAG = /<\/?[a-z!][^>]*>?/i;
const SCRIPT_PREFIX = /(javascript|vbscript|data)\s*:/i;
const EVENT_HANDLER = /\bon[a-z]+\s*=/i;

describe('sanitizeText', () => {
  it('keeps plain text as it is', () => {
    expect(sanitizeText('Riverside Rowing Club')).toBe('Riverside Rowing Club');
    expect(sanitizeText('Zoë Ångström-Núñez')).toBe('Zoë Ångström-Núñez');
  });

  it('strips tags and keeps their text', () => {
    expect(sanitizeText('Ann <b>Lee</b>')).toBe('Ann Lee');
    expect(sanitizeText('<p>Hello <a href="https://x.example">world</a></p>')).toBe('Hello world');
    expect(sanitizeText('<div><span>nested</span></div>')).toBe('nested');
  });

  it('removes script and style elements with their content', () => {
    expect(sanitizeText('<script>alert(1)</script>Bob')).toBe('Bob');
    expect(sanitizeText('Bob<style>body{display:none}</style>')).toBe('Bob');
    expect(sanitizeText('<SCRIPT type="text/javascript">steal()</SCRIPT>Eve')).toBe('Eve');
  });

  it('removes tags that carry handlers, and their handlers', () => {
    expect(sanitizeText('<img src=x onerror=alert(1)>hi')).toBe('hi');
    expect(sanitizeText('<svg onload=alert(1)>x</svg>')).toBe('x');
  });

  it('removes javascript:, vbscript: and data: prefixes', () => {
    expect(sanitizeText('javascript:alert(1)')).toBe('alert(1)');
    expect(sanitizeText('JavaScript :alert(1)')).toBe('alert(1)');
    expect(sanitizeText('vbscript:msgbox')).toBe('msgbox');
    expect(sanitizeText('data:text/html,hi')).toBe('text/html,hi');
  });

  it('removes onX= event handlers written as text', () => {
    expect(sanitizeText('x onclick=alert(1)')).toBe('x alert(1)');
    expect(sanitizeText('x ONMOUSEOVER = steal()')).toBe('x  steal()');
  });

  it('keeps words that merely start with "on"', () => {
    expect(sanitizeText('Online Chess Club')).toBe('Online Chess Club');
    expect(sanitizeText('one two')).toBe('one two');
  });

  it("keeps '&' as typed rather than escaping it", () => {
    expect(sanitizeText('Smith & Sons')).toBe('Smith & Sons');
    expect(sanitizeText('Tom & Jerry <b>FC</b>')).toBe('Tom & Jerry FC');
    expect(sanitizeText('Fish, Chips & Co')).not.toContain('&amp;');
  });

  it('keeps comparison signs that are not tags', () => {
    expect(sanitizeText('under 5s < 10 members')).not.toMatch(/&lt;/);
  });

  it('trims surrounding whitespace and answers an empty string for tags alone', () => {
    expect(sanitizeText('  Ann  ')).toBe('Ann');
    expect(sanitizeText('<b></b>')).toBe('');
    expect(sanitizeText('<script>alert(1)</script>')).toBe('');
  });

  it('never answers a tag, even for tags typed as HTML entities', () => {
    for (const input of ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;img src=x onerror=alert(1)&gt;', '&#60;b&#62;bold&#60;/b&#62;', '&amp;lt;i&amp;gt;x']) {
      const out = sanitizeText(input);
      expect(out, `${input} -> ${out}`).not.toMatch(ANY_TAG);
    }
  });

  it('never answers a script prefix, even one hidden inside another', () => {
    for (const input of ['javajavascript:script:alert(1)', 'jajavascript:vascript:alert(1)', 'dadata:ta:text/html', 'vbvbscript:script:x', '&#106;avascript:alert(1)']) {
      const out = sanitizeText(input);
      expect(out, `${input} -> ${out}`).not.toMatch(SCRIPT_PREFIX);
    }
  });

  it('never answers an event handler, even one hidden inside another', () => {
    for (const input of ['ononclick=click=alert(1)', 'x onmouseover&#61;alert(1)', '<b>on</b>click=alert(1)']) {
      const out = sanitizeText(input);
      expect(out, `${input} -> ${out}`).not.toMatch(EVENT_HANDLER);
    }
  });

  it('is stable: sanitising twice changes nothing more', () => {
    for (const input of ['Ann <b>Lee</b>', 'Smith & Sons', 'javascript:x', '<script>a</script>b', 'x onclick=y']) {
      const once = sanitizeText(input);
      expect(sanitizeText(once)).toBe(once);
    }
  });
});

describe('sanitizeRichText', () => {
  it('allows exactly b, i, em, strong, p, br, ul, ol, li', () => {
    expect([...RICH_TEXT_TAGS].sort()).toEqual(['b', 'br', 'em', 'i', 'li', 'ol', 'p', 'strong', 'ul']);
  });

  it('keeps the allowed tags', () => {
    const html = '<p>Hi <b>b</b> <i>i</i> <em>em</em> <strong>strong</strong><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>';
    const out = sanitizeRichText(html);
    for (const tag of ['<p>', '<b>', '<i>', '<em>', '<strong>', '<br', '<ul>', '<ol>', '<li>']) expect(out).toContain(tag);
    expect(out).toContain('one');
    expect(out).toContain('two');
  });

  it('removes every attribute from allowed tags', () => {
    expect(sanitizeRichText('<p class="x" style="color:red" onclick="steal()">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<b id="a" title="t">B</b>')).toBe('<b>B</b>');
  });

  it('drops other tags but keeps their text', () => {
    expect(sanitizeRichText('<p>Go <a href="https://x.example">here</a></p>')).toBe('<p>Go here</p>');
    expect(sanitizeRichText('<h1>Title</h1><div><span>body</span></div>')).toBe('Titlebody');
    expect(sanitizeRichText('<u>u</u><table><tr><td>cell</td></tr></table>')).not.toMatch(/<(u|table|tr|td)\b/);
  });

  it('removes scripts, styles, iframes and their content', () => {
    const out = sanitizeRichText('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>');
    expect(out).toBe('<p>ok</p>');
  });

  it('removes javascript: links and event handlers', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><p onmouseover="y">z</p>');
    expect(out).not.toMatch(/javascript:|onerror|onmouseover|<a\b|<img\b/i);
    expect(out).toContain('<p>z</p>');
  });

  it("keeps '&' as text", () => {
    expect(sanitizeRichText('<p>Smith & Sons</p>')).toMatch(/^<p>Smith &(amp;)? Sons<\/p>$/);
  });
});

describe('sanitizeUrl', () => {
  it('accepts http and https URLs', () => {
    expect(sanitizeUrl('https://example.com/club?x=1#top')).toBe('https://example.com/club?x=1#top');
    expect(sanitizeUrl('http://example.com')).toBe('http://example.com/');
    expect(sanitizeUrl('  https://example.com/a  ')).toBe('https://example.com/a');
    expect(sanitizeUrl('HTTPS://EXAMPLE.COM/Path')).toBe('https://example.com/Path');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'mailto:a@example.com',
    '//example.com/x',
    '/relative/path',
    'example.com',
    'not a url',
    '',
  ])('refuses %j', (input) => {
    expect(sanitizeUrl(input)).toBeNull();
  });
});
