import { behaviourSuite } from './suite.js';
import { starlight } from './fixtures.js';

behaviourSuite(starlight);
