// Small decorative icons for the primitives; always aria-hidden, sized by the surrounding CSS (1em by default).
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function Icon({ children, ...props }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4 4" />
    </Icon>
  );
}

/** A filled glyph, 24 px unless told otherwise: the shell's navigation and action icons. */
function Glyph({ d, ...props }: IconProps & { d: string }) {
  return (
    <Icon width={24} height={24} fill="currentColor" stroke="none" {...props}>
      <path d={d} />
    </Icon>
  );
}

export function HomeIcon(props: IconProps) {
  return <Glyph d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" {...props} />;
}

export function HelpIcon(props: IconProps) {
  return (
    <Glyph
      d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 15a1.25 1.25 0 1 1 0 2.5A1.25 1.25 0 0 1 12 17zm1-3.5h-2c0-3 3-3 3-5a2 2 0 0 0-4 0H8a4 4 0 0 1 8 0c0 3-3 3.25-3 5z"
      {...props}
    />
  );
}

export function InfoIcon(props: IconProps) {
  return <Glyph d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" {...props} />;
}

export function PersonIcon(props: IconProps) {
  return (
    <Glyph
      d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z"
      {...props}
    />
  );
}

export function CartIcon(props: IconProps) {
  return (
    <Glyph
      d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2v2h2l3.6 7.59-1.35 2.45A2 2 0 0 0 7 17h12v-2H7.42a.25.25 0 0 1-.22-.37L8.1 13h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2z"
      {...props}
    />
  );
}

export function PlayIcon(props: IconProps) {
  return <Glyph d="M8 5v14l11-7z" {...props} />;
}
