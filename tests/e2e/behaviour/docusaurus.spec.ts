import { behaviourSuite } from './suite.js';
import { docusaurus } from './fixtures.js';

behaviourSuite(docusaurus);
