import { LuConstruction } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';

/** Users, Moderation and Analytics come in a later release (issue 11): said plainly, with no
 *  sample figures and no buttons that do nothing. */
export function ComingLaterTab({ title }: { title: string }) {
  return (
    <EmptyPanel
      icon={<LuConstruction />}
      title={`${title} is coming in a later release`}
      description="This part of the administration panel is not available yet. It will arrive in a future update of the platform."
    />
  );
}
