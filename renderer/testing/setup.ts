import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { wordFieldIssues } from '../ui-kit/form';

// Testing Library gives up on a findBy/waitFor after 1 s by default. The venue panel takes
// ~200 ms to render in the test DOM on a quiet machine, and CI runs the suites side by side on
// two cores (up to 3× slower): 1 s is too close to a render for a condition that would have held.
// A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 });

// The component test files share their worker's DOM (vitest.config.ts): whatever a test
// rendered is unmounted after it, so no file finds another's screen.
afterEach(cleanup);

// As the page does (main.tsx): a schema's own checks read in the screen's language.
wordFieldIssues();
