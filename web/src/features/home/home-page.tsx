import { PageMeta } from '../../lib/page-meta';
import { DEFAULT_DESCRIPTION, SITE_NAME } from '../../lib/page-meta-tags';
import { ClosingCall } from './closing-call';
import { Hero } from './hero';
import { WhyJoin } from './why-join';

export default function HomePage() {
  return (
    <>
      <PageMeta
        title={SITE_NAME}
        description={DEFAULT_DESCRIPTION}
        path="/"
        jsonLd={{ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: '/' }}
      />
      <Hero />
      <WhyJoin />
      <ClosingCall />
    </>
  );
}
