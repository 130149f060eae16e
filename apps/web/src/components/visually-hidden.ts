/**
 * Styles that hide text from the eye and keep it for screen readers. Sizes are in px on purpose: in
 * MUI's `sx` a number up to 1 is a fraction, so `width: 1` would be 100% of the nearest positioned
 * ancestor (the page), which made the Plans page 2,439 px wide in a 1366 px window (issue 27 item 12).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
