import {
  type LicenceDeviceRequest,
  licenceDeviceResponseSchema,
  type UserBusinessLicence,
  userBusinessLicencesResponseSchema,
} from '@contract/licences';
import { apiRequest } from './client';

/** GET /user/business_licences/v1/: the buyer's licences, one per pin of a paid licence, each with its device. */
export async function fetchLicences({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<UserBusinessLicence[]> {
  const answer = await apiRequest({
    service: 'commerce',
    path: '/user/business_licences/v1/',
    schema: userBusinessLicencesResponseSchema,
    signal,
  });
  return answer.licences;
}

/** POST /user/business_licence_device/v1/: registers (or replaces) the device one licence runs on. */
export async function registerLicenceDevice(body: LicenceDeviceRequest): Promise<UserBusinessLicence> {
  const answer = await apiRequest({
    service: 'commerce',
    path: '/user/business_licence_device/v1/',
    method: 'POST',
    body,
    schema: licenceDeviceResponseSchema,
  });
  return answer.licence;
}
