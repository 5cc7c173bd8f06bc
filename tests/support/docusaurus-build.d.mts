/** Types of docusaurus-build.mjs (plain JS so that build-packages.mjs can run it too). */
export declare const fixtureDir: string;
export declare const buildDir: string;
export declare const hostedBuildDir: string;
/** Builds the theme package and one variant of the fixture site unless its last build had the same inputs. */
export declare function buildDocusaurusFixture(variant?: 'local' | 'hosted'): void;
