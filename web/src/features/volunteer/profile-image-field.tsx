import { useApolloClient } from '@apollo/client/react';
import { Avatar, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { LuTrash2, LuUpload } from 'react-icons/lu';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_HINT } from '@clubroom/rules/volunteers-texts';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { profileImageProblem } from './volunteer-format';
import { PROFILE_TOASTS } from './volunteer-texts';
import { removeProfileImage, uploadProfileImage } from './volunteer-api';

interface ProfileImageFieldProps {
  /** The saved profile's id; null before the first save (the server keeps images of profiles). */
  profileId: string | null;
  imageUrl: string | null | undefined;
  name: string;
}

/** The profile photo: a preview, 'Upload photo' (checked here by name, size and type, decided by
 *  the server from the bytes) and 'Remove photo'. Saved at once, apart from the form. */
export function ProfileImageField({ profileId, imageUrl, name }: ProfileImageFieldProps) {
  const client = useApolloClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const labelId = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const setCachedUrl = (url: string | null) => {
    if (!profileId) return;
    client.cache.modify({
      id: client.cache.identify({ __typename: 'VolunteerProfile', id: profileId }),
      fields: { profileImageUrl: () => url },
    });
  };

  const upload = async (file: File) => {
    const local = profileImageProblem(file);
    setProblem(local);
    if (local) return;
    // A data: URL, which the Content-Security-Policy's img-src allows (a blob: URL it refuses).
    setBusy('upload');
    setPreview(await readAsDataUrl(file).catch(() => null));
    const result = await uploadProfileImage(file);
    setBusy(null);
    setPreview(null);
    if (result.success) {
      setCachedUrl(result.data.profile_image_url);
      notifySuccess(PROFILE_TOASTS.photoSaved);
    } else {
      console.error('Uploading the profile image failed:', result.error);
      setProblem(result.error);
      notifyError(PROFILE_TOASTS.photoFailed, result.error);
    }
  };

  const remove = async () => {
    setBusy('remove');
    const result = await removeProfileImage();
    setBusy(null);
    if (result.success) {
      setProblem(null);
      setCachedUrl(null);
      notifySuccess(PROFILE_TOASTS.photoRemoved);
    } else {
      console.error('Removing the profile image failed:', result.error);
      notifyError(PROFILE_TOASTS.photoRemoveFailed, result.error);
    }
  };

  const shown = preview ?? imageUrl ?? undefined;
  return (
    <Stack gap="2" role="group" aria-labelledby={labelId}>
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        Profile photo
      </Text>
      <HStack gap="5" alignItems="center" flexWrap="wrap">
        <Avatar.Root size="2xl" colorPalette="teal">
          <Avatar.Fallback name={name || undefined} />
          {shown && <Avatar.Image src={shown} alt={`Profile photo of ${name || 'you'}`} />}
        </Avatar.Root>
        <Stack gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="sm"
              variant="outline"
              colorPalette="teal"
              disabled={!profileId || busy !== null}
              loading={busy === 'upload'}
              loadingText="Uploading..."
              onClick={() => input.current?.click()}
            >
              <LuUpload aria-hidden="true" />
              {imageUrl ? 'Change photo' : 'Upload photo'}
            </Button>
            {imageUrl && (
              <Button size="sm" variant="ghost" colorPalette="red" disabled={busy !== null} loading={busy === 'remove'} loadingText="Removing..." onClick={() => void remove()}>
                <LuTrash2 aria-hidden="true" />
                Remove photo
              </Button>
            )}
          </HStack>
          <Text id={hintId} textStyle="sm" color="fg.muted">
            {profileId ? PROFILE_IMAGE_HINT : `Save your profile first, then add a photo (${PROFILE_IMAGE_HINT}).`}
          </Text>
        </Stack>
      </HStack>
      {/* The button opens it; a label of its own keeps it reachable for assistive tools and tests. */}
      <chakra.input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_ACCEPT}
        aria-label="Profile photo file"
        aria-describedby={hintId}
        disabled={!profileId || busy !== null}
        display="none"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {problem && (
        <Text role="alert" textStyle="sm" color="fg.error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('Reading the file failed'));
    reader.readAsDataURL(file);
  });
}
