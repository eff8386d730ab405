/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Spec §9 "international payments": "false" hides the currency switch (default on). */
  readonly VITE_INTERNATIONAL_PAYMENTS?: string;
}
