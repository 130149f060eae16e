import Box from '@mui/material/Box';

export const MAIN_ID = 'main-content';

/** The first focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
