import './Logo.css';

export interface LogoProps {
  /** Rendered size in px (the mark is square). */
  size?: number;
  /** Empty when a visible "IBC Cricket" text sits next to it. */
  alt?: string;
  className?: string;
}

export function Logo({ size = 64, alt = 'IBC Cricket', className }: LogoProps) {
  return (
    <img
      className={['ui-logo', className].filter(Boolean).join(' ')}
      src="/images/logo.svg"
      width={size}
      height={size}
      alt={alt}
      decoding="async"
    />
  );
}
