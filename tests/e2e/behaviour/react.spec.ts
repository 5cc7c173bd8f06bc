import { behaviourSuite } from './suite.js';
import { react } from './fixtures.js';

behaviourSuite(react);
