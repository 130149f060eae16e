import { configure } from '@testing-library/react';

// CI runs the suites on two loaded cores: a lazy route chunk or a debounced fetch can take well over
// Testing Library's default 1 s to appear. The limit guards against hangs; it does not time anything.
configure({ asyncUtilTimeout: 5_000 });
