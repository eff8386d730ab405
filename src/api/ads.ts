import type {
  AdBooking,
  AddEventOrderDetailsRequest,
  SlotDetailsRequest,
  SlotDetailsResponse,
  SlotsForPackageResponse,
} from '@contract/ads';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, refreshSession } from './client';
import { getApiConfig, serviceUrl } from './config';
import { getAccessToken } from './tokens';
import { type UploadOptions, uploadFile } from './upload';

/*
 * Ad bookings (spec §7 slots, contract/ads.ts), under the invoicing service: a package's devices and the days each is
 * taken, whether a choice is free, the advertiser's creative and the booking's record against its order. Slot reads
 * are never kept on the device: another advertiser may take a day at any moment.
 */

const adsSchemas = () => import('@contract/ads');

export const adsKeys = {
  all: ['ads'] as const,
  slots: (packageId: number) => ['ads', 'slots', packageId] as const,
  slotDetails: (request: SlotDetailsRequest | null) => ['ads', 'slotDetails', request] as const,
};

/** POST get_available_slots_details_for_rental_package: the package's devices and their taken days. */
export function slotsForPackageQuery(packageId: number) {
  return queryOptions({
    queryKey: adsKeys.slots(packageId),
    queryFn: ({ signal }): Promise<SlotsForPackageResponse> =>
      apiRequest({
        service: 'invoicing',
        path: '/get_available_slots_details_for_rental_package/v1/',
        method: 'POST',
        body: { package_id: packageId },
        schema: () => adsSchemas().then((schemas) => schemas.slotsForPackageResponseSchema),
        optionalAuth: true,
        signal,
      }),
    staleTime: 30_000,
  });
}

/** POST get_available_slot_details: whether every chosen device is free on every chosen day; nothing asked without a choice. */
export function slotDetailsQuery(request: SlotDetailsRequest | null) {
  return queryOptions({
    queryKey: adsKeys.slotDetails(request),
    queryFn:
      request === null
        ? skipToken
        : ({ signal }): Promise<SlotDetailsResponse> =>
            apiRequest({
              service: 'invoicing',
              path: '/get_available_slot_details/v1/',
              method: 'POST',
              body: request,
              schema: () => adsSchemas().then((schemas) => schemas.slotDetailsResponseSchema),
              optionalAuth: true,
              signal,
            }),
  });
}

/** POST ad_assets/upload: the advertiser's own jpeg or png, signed in; resolves with its asset_url. */
export async function uploadAdAsset(file: File, options: UploadOptions): Promise<{ asset_url: string }> {
  const body = await uploadFile(serviceUrl('invoicing', '/ad_assets/upload/v1/'), file, 'main', options);
  return (await adsSchemas()).adAssetUploadResponseSchema.parse(body);
}

/** POST add_event_orders_details: the booking's creative recorded against the buyer's own order. */
export function addEventOrderDetails(
  body: AddEventOrderDetailsRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdBooking> {
  return apiRequest({
    service: 'invoicing',
    path: '/add_event_orders_details/v1/',
    method: 'POST',
    body,
    auth: 'main',
    schema: () => adsSchemas().then((schemas) => schemas.adBookingSchema),
    signal,
  });
}

/** An uploaded creative is served to its owner only (a template is a public picture): its address holds this. */
const PRIVATE_ASSET_PATH = '/ad_assets/v1/?key=';

/** An uploaded creative's bytes, fetched with the buyer's token (refreshed once if it expired), as an object URL. */
async function privateImageUrl(url: string, signal: AbortSignal): Promise<string> {
  const send = getApiConfig().fetch ?? fetch;
  const get = (token: string | undefined) =>
    send(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  let response = await get(getAccessToken('main') || undefined);
  if (response.status === 401) response = await get((await refreshSession('main')).accessToken);
  if (!response.ok) throw new Error(`The creative could not be loaded (${response.status})`);
  return URL.createObjectURL(await response.blob());
}

/** Where an <img> can show a creative from: a template's own address, an upload's bytes once fetched. */
export function useAdAssetSrc(assetUrl: string): string | undefined {
  const isPrivate = assetUrl.includes(PRIVATE_ASSET_PATH);
  const { data } = useQuery({
    queryKey: [...adsKeys.all, 'asset', assetUrl],
    queryFn: isPrivate ? ({ signal }) => privateImageUrl(assetUrl, signal) : skipToken,
    // The object URL lives as long as the page: an upload never changes under its key.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return isPrivate ? data : assetUrl;
}
