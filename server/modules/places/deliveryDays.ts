/*
 * Roughly when a parcel arrives: the shop ships from Bengaluru (the pickup counter's city), so the estimate grows
 * with distance, by the pincode's leading digits (India Post's postal zones), as the seed's shipping charges do.
 * Working days from dispatch; the longest matching prefix wins.
 */

export interface DeliveryDays {
  min: number;
  max: number;
}

const DELIVERY_DAYS: readonly { prefix: string; days: DeliveryDays }[] = [
  { prefix: '560', days: { min: 1, max: 2 } },
  { prefix: '5', days: { min: 2, max: 4 } },
  { prefix: '6', days: { min: 2, max: 4 } },
  { prefix: '4', days: { min: 3, max: 5 } },
  { prefix: '3', days: { min: 4, max: 6 } },
  { prefix: '2', days: { min: 4, max: 6 } },
  { prefix: '1', days: { min: 4, max: 6 } },
  // The east and north-east (7, 8) and the islands (744) are the farthest from the warehouse.
  { prefix: '744', days: { min: 7, max: 12 } },
  { prefix: '7', days: { min: 5, max: 8 } },
  { prefix: '8', days: { min: 5, max: 8 } },
].sort((a, b) => b.prefix.length - a.prefix.length);

/** The working days a parcel to the pincode takes; the slowest zone's where no prefix matches. */
export function deliveryDays(pincode: string): DeliveryDays {
  return DELIVERY_DAYS.find((row) => pincode.startsWith(row.prefix))?.days ?? { min: 7, max: 12 };
}
