/** Types of docusaurus-build.mjs (plain JS so that build-packages.mjs can run it too). */
export declare const fixtureDir: string;
export declare const buildDir: string;
/** Builds the theme package and the fixture site unless the last build had the same inputs. */
export declare function buildDocusaurusFixture(): void;
