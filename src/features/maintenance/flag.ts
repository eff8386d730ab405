/** Whether the configured build flag starts the PWA on the maintenance screen (VITE_MAINTENANCE_MODE). */
export const MAINTENANCE_MODE_FLAG: boolean = import.meta.env.VITE_MAINTENANCE_MODE === 'true';
