import { ClosingCall } from './closing-call';
import { Hero } from './hero';
import { WhyJoin } from './why-join';

export default function HomePage() {
  return (
    <>
      <Hero />
      <WhyJoin />
      <ClosingCall />
    </>
  );
}
