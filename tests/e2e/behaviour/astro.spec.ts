import { behaviourSuite } from './suite.js';
import { astro } from './fixtures.js';

behaviourSuite(astro);
