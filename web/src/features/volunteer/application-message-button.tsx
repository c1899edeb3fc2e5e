import { Button } from '@chakra-ui/react';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { applicationComposePath } from './volunteer-format';

interface ApplicationMessageButtonProps {
  applicationId: string;
  /** 'Contact Club' (the volunteer's), 'Message volunteer' (the club's). */
  label: string;
  variant?: 'solid' | 'outline';
}

/** Opens the compose dialog about an application: the other side and 'Re: <title>' filled. */
export function ApplicationMessageButton({ applicationId, label, variant = 'solid' }: ApplicationMessageButtonProps) {
  return (
    <Button asChild size="sm" variant={variant} colorPalette="teal">
      <RouterLink to={applicationComposePath(applicationId)}>
        <LuMessageSquare aria-hidden="true" />
        {label}
      </RouterLink>
    </Button>
  );
}
