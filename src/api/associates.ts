import {
  type AssociateRegisterRequest,
  activitySummaryResponseSchema,
  associateRegisterResponseSchema,
  associationsDetailsResponseSchema,
  ifscResponseSchema,
  referralsAggregateResponseSchema,
  type UploadPurpose,
  type UploadResponse,
  uploadResponseSchema,
} from '@contract/associates';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { serviceUrl } from './config';
import type { TokenSetName } from './tokens';
import { type UploadOptions, uploadFile } from './upload';

/*
 * The associates service (spec §7 Associates): proofs, registration, the associate's own figures and the
 * associate-code view log. Shapes in contract/associates.ts.
 */

/** The session associates act under: the shop's own sign-in. */
export const ASSOCIATE_SESSION: TokenSetName = 'main';

export const associatesKeys = {
  all: ['associates'] as const,
  details: (userId: string) => ['associates', 'details', userId] as const,
  aggregate: (userId: string) => ['associates', 'aggregate', userId] as const,
  activity: (userId: string) => ['associates', 'activity', userId] as const,
  ifsc: (ifsc: string) => ['associates', 'ifsc', ifsc] as const,
};

/** Uploads one proof (PAN, GST or bank) with its progress; an expired token is refreshed once and the file sent again. */
export async function uploadProof(
  purpose: UploadPurpose,
  file: File,
  options: UploadOptions,
): Promise<UploadResponse> {
  const url = serviceUrl('associates', '/associate/upload/v1/', { purpose });
  return uploadResponseSchema.parse(await uploadFile(url, file, ASSOCIATE_SESSION, options));
}

export function registerAssociate(body: AssociateRegisterRequest) {
  return apiRequest({
    service: 'associates',
    path: '/associate/register/v1/',
    method: 'POST',
    body,
    auth: ASSOCIATE_SESSION,
    schema: associateRegisterResponseSchema,
  });
}

export const registerAssociateMutation = () =>
  mutationOptions({
    mutationKey: ['associates', 'register'] as const,
    mutationFn: registerAssociate,
  });

/** The signed-in associate's registration: their code and statuses. */
export const associationsDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: associatesKeys.details(userId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          service: 'associates',
          path: '/get_user_associations_details/v1/',
          auth: ASSOCIATE_SESSION,
          signal,
          schema: associationsDetailsResponseSchema,
        })
      ).associate,
  });

/** Views of the code and the orders it brought. */
export const referralsAggregateQuery = (userId: string) =>
  queryOptions({
    queryKey: associatesKeys.aggregate(userId),
    queryFn: ({ signal }) =>
      apiRequest({
        service: 'associates',
        path: '/get_associate_referrals_aggregate_details/v1/',
        auth: ASSOCIATE_SESSION,
        signal,
        schema: referralsAggregateResponseSchema,
      }),
  });

/** The recent referred orders and the last view. */
export const activitySummaryQuery = (userId: string) =>
  queryOptions({
    queryKey: associatesKeys.activity(userId),
    queryFn: ({ signal }) =>
      apiRequest({
        service: 'associates',
        path: '/get_associate_activity_summary/v1/',
        auth: ASSOCIATE_SESSION,
        signal,
        schema: activitySummaryResponseSchema,
      }),
  });

/** The bank of an IFSC, from the server's offline bank list; a code it does not have is a 404. */
export const ifscQuery = (ifsc: string) =>
  queryOptions({
    queryKey: associatesKeys.ifsc(ifsc),
    queryFn: ({ signal }) =>
      apiRequest({
        service: 'associates',
        path: `/ifsc/${encodeURIComponent(ifsc)}/v1/`,
        auth: false,
        signal,
        schema: ifscResponseSchema,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

const VISITOR_KEY = 'ibc.visitor';
const VIEWED_KEY = 'ibc.viewed-codes';

/** This device's visitor: a random id kept on the device, so the server counts a visitor once a day. */
function visitorId(): string {
  let id = localStorage.getItem(VISITOR_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(VISITOR_KEY, id);
  }
  return id;
}

/**
 * Logs a visit's view of a referral code, once per visit: the one call every view goes through. It waits in the
 * outbox when it cannot get through (./outbox.ts); the visitor id makes the server store it once a day however often
 * it is sent, and the note in sessionStorage saves the repeat within the visit. False when already logged.
 */
export async function logAssociateView(code: string, pagePath?: string): Promise<boolean> {
  const associateCode = code.trim().toUpperCase();
  const viewed = new Set<string>(JSON.parse(sessionStorage.getItem(VIEWED_KEY) ?? '[]') as string[]);
  if (viewed.has(associateCode)) return false;
  const visit = visitorId();
  const { enqueue } = await import('./outbox');
  await enqueue({
    kind: 'associate-view',
    request: {
      service: 'associates',
      path: '/associate_code_view_event_log/create/v1/',
      body: { associate_code: associateCode, visit_id: visit, ...(pagePath ? { page_path: pagePath } : {}) },
      tz: false,
    },
    // A key per UTC day, as the server counts: a replay stores nothing, tomorrow's view counts again.
    key: `view:${visit}:${associateCode}:${new Date().toISOString().slice(0, 10)}`,
  });
  viewed.add(associateCode);
  sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...viewed]));
  return true;
}
