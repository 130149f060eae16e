import type { IntegrationProviderId } from '@lp/domain';
import type { ReactNode } from 'react';

/**
 * Simple marks of our own in each provider's colours, drawn inline: no outside images (the CSP
 * allows none, and a logo must not wait for another site). They sit beside the provider's name,
 * so they are decorative to assistive technology.
 */
const MARKS: Record<IntegrationProviderId, ReactNode> = {
  // A white cross in Xero's blue disc.
  xero: (
    <>
      <circle cx="24" cy="24" r="22" fill="#13B5EA" />
      <path d="M16.5 16.5 31.5 31.5M31.5 16.5 16.5 31.5" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  // "qb": a ring with its stem down, a ring with its stem up, in QuickBooks' green disc.
  quickbooks: (
    <>
      <circle cx="24" cy="24" r="22" fill="#2CA01C" />
      <g stroke="#fff" strokeWidth="3.5" fill="none" strokeLinecap="round">
        <circle cx="16.5" cy="24" r="5.5" />
        <circle cx="31.5" cy="24" r="5.5" />
        <path d="M22 19v16M26 13v16" />
      </g>
    </>
  ),
  // A white "s" stroke on Sage's bright green.
  sage: (
    <>
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#00D639" />
      <path
        d="M31 17.5c-1.8-1.7-4.4-2.7-7.2-2.7-3.7 0-6.6 2-6.6 4.9 0 6.9 14.6 3.6 14.6 10.4 0 3-3 5.1-7 5.1-3 0-5.8-1.1-7.8-3"
        stroke="#fff"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  // Three bands of a triangle: yellow, green and blue.
  google_drive: (
    <>
      <path d="M16 4h14l14 24H30z" fill="#FFBA00" />
      <path d="M16 4l7 12-14 24-7-12z" fill="#00AC47" />
      <path d="M16 28h28l-7 12H9z" fill="#2684FC" />
    </>
  ),
  // Four diamonds and a fifth below, in Dropbox blue.
  dropbox: (
    <g fill="#0061FF">
      <path d="M15 6l9 6-9 6-9-6z" />
      <path d="M33 6l9 6-9 6-9-6z" />
      <path d="M15 18l9 6-9 6-9-6z" />
      <path d="M33 18l9 6-9 6-9-6z" />
      <path d="M24 31l9 6-9 6-9-6z" />
    </g>
  ),
  // A cloud in OneDrive's blue.
  onedrive: (
    <g fill="#0078D4">
      <circle cx="14" cy="27" r="8" />
      <circle cx="25" cy="20" r="11" />
      <circle cx="35" cy="27" r="8" />
      <rect x="14" y="27" width="21" height="8" />
    </g>
  ),
};

/** The provider's mark, `size` pixels square. */
export function ProviderLogo({ provider, size = 40 }: { provider: IntegrationProviderId; size?: number }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-testid={`logo-${provider}`}
      style={{ flexShrink: 0, display: 'block' }}
    >
      {MARKS[provider]}
    </svg>
  );
}
