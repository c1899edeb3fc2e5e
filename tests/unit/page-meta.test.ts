// Issue 27: a public page's <head> tags (web/src/lib/page-meta-tags.ts), written by the server
// into the HTML and kept in step by the browser.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, headHtml, headTags, scriptSafeJson, summary, type PageMetaData } from '../../web/src/lib/page-meta-tags.js';

const APP = 'https://clubroom.example';
const CLUB: PageMetaData = {
  title: 'Harbour Rowing – Rowing in Portsmouth',
  description: 'Rowing on the harbour.',
  path: '/clubs/Q2x1Yjox',
  type: 'profile',
  jsonLd: { '@context': 'https://schema.org', '@type': 'SportsClub', name: 'Harbour Rowing', url: '/clubs/Q2x1Yjox', member: [{ url: '/x' }] },
};

const attribute = (tags: ReturnType<typeof headTags>, key: string, value: string, read: string) =>
  tags.find((tag) => tag.attributes[key] === value)?.attributes[read];

describe('head tags of a public page', () => {
  it('title, description, absolute canonical and Open Graph/Twitter tags from APP_URL', () => {
    const tags = headTags(CLUB, APP);
    expect(tags.find((tag) => tag.tag === 'title')?.text).toBe('Harbour Rowing – Rowing in Portsmouth · Clubroom');
    expect(attribute(tags, 'name', 'description', 'content')).toBe('Rowing on the harbour.');
    expect(attribute(tags, 'rel', 'canonical', 'href')).toBe('https://clubroom.example/clubs/Q2x1Yjox');
    expect(attribute(tags, 'property', 'og:url', 'content')).toBe('https://clubroom.example/clubs/Q2x1Yjox');
    expect(attribute(tags, 'property', 'og:title', 'content')).toBe('Harbour Rowing – Rowing in Portsmouth');
    expect(attribute(tags, 'property', 'og:type', 'content')).toBe('profile');
    expect(attribute(tags, 'name', 'twitter:card', 'content')).toBe('summary');
    expect(attribute(tags, 'name', 'robots', 'content')).toBeUndefined();
  });

  it('structured data with every url absolute, as a data block nothing can break out of', () => {
    const script = headTags({ ...CLUB, jsonLd: { ...CLUB.jsonLd, name: '</script><script>alert(1)</script>' } }, APP).find((tag) => tag.tag === 'script')!;
    expect(script.attributes.type).toBe('application/ld+json');
    expect(script.text).not.toMatch(/<\/script/i);
    const data = JSON.parse(script.text!);
    expect(data.url).toBe('https://clubroom.example/clubs/Q2x1Yjox');
    expect(data.member[0].url).toBe('https://clubroom.example/x');
    expect(data.name).toBe('</script><script>alert(1)</script>');
  });

  it('a missing page (404/410): noindex, no canonical, no share tags', () => {
    for (const status of [404, 410] as const) {
      const tags = headTags({ title: 'Club not found', description: 'Gone.', path: '/clubs/x', status }, APP);
      expect(attribute(tags, 'name', 'robots', 'content')).toBe('noindex');
      expect(tags.some((tag) => tag.attributes.rel === 'canonical' || tag.attributes.property?.startsWith('og:'))).toBe(false);
    }
  });

  it('a page opened from an email (noindex): its title, noindex, no canonical, no share tags', () => {
    const tags = headTags({ title: 'Unsubscribe', description: 'Turn off one kind of email.', path: '/unsubscribe', noindex: true }, APP);
    expect(tags.find((tag) => tag.tag === 'title')?.text).toBe('Unsubscribe · Clubroom');
    expect(attribute(tags, 'name', 'robots', 'content')).toBe('noindex');
    expect(tags.some((tag) => tag.attributes.rel === 'canonical' || tag.attributes.property?.startsWith('og:'))).toBe(false);
  });

  it("the app's defaults where a page names nothing; the home page's title is the site's name alone", () => {
    expect(headTags(null, APP).map((tag) => tag.tag)).toEqual(['title', 'meta']);
    expect(headTags(null, APP)[0]!.text).toBe(DEFAULT_TITLE);
    expect(headTags({ title: 'Clubroom', description: 'd', path: '/' }, APP)[0]!.text).toBe('Clubroom');
  });

  it('as HTML: marked as the page\'s, values escaped', () => {
    const html = headHtml(headTags({ title: 'A & B <i>', description: 'say "hi"', path: '/p' }, APP));
    expect(html).toContain('<title data-page-meta>A &amp; B &lt;i&gt; · Clubroom</title>');
    expect(html).toContain('<meta name="description" content="say &quot;hi&quot;" data-page-meta>');
    expect(html).toContain('<link rel="canonical" href="https://clubroom.example/p" data-page-meta>');
  });
});

describe('summary (descriptions)', () => {
  it('text without markup on one line', () => {
    expect(summary('<p>Grants for <b>junior</b>\n\n sport</p>')).toBe('Grants for junior sport');
  });

  it('at most 160 characters, cut at a word with an ellipsis', () => {
    const long = 'word '.repeat(60);
    const cut = summary(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(summary('x'.repeat(200)).length).toBe(160);
  });
});

describe('scriptSafeJson', () => {
  it('escapes what could end a script element or open a comment, and parses back the same', () => {
    const value = { a: '</script><!--', b: '\u2028\u2029&' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
