// The volunteer pages' 'not found' panels (components/not-found-panel.tsx).
import { NotFoundPanel } from '../../components/not-found-panel';

export function OpportunityNotFound() {
  return (
    <NotFoundPanel
      title="Opportunity not found"
      text="This opportunity does not exist or is not open to volunteers."
      backTo="/volunteer-opportunities"
      backLabel="Back to opportunities"
    />
  );
}

export function ApplicationNotFound() {
  return (
    <NotFoundPanel
      title="Application not found"
      text="This application does not exist or is not yours to see."
      backTo="/volunteer/dashboard"
      backLabel="Back to dashboard"
    />
  );
}
