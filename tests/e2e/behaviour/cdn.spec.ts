import { behaviourSuite } from './suite.js';
import { cdn } from './fixtures.js';

behaviourSuite(cdn);
