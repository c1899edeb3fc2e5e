// The volunteer area's REST calls: the profile image is sent as multipart/form-data (one part
// `file`) with the security token and the bearer token (lib/api adds both).
import { api } from '../../lib/api';
import type { ApiResult } from '../../lib/envelope';

export function uploadProfileImage(file: File): Promise<ApiResult<{ profile_image_url: string }>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/volunteer/profile-image', body);
}

export function removeProfileImage(): Promise<ApiResult<{ profile_image_url: null }>> {
  return api.delete('/volunteer/profile-image');
}
