/**
 * Types that `@sitesearch/local` restates from `@sitesearch/islands` rather than imports: islands
 * builds against local (the CDN's local client, the local assistant), so local cannot import
 * islands without a build cycle, and islands type-checks on a fresh clone before local is built.
 * Each line below fails the typecheck of this package the day a copy and its reference differ
 * (a field added, dropped, renamed or retyped on one side only). The record schema has its own
 * check beside the fixture records (`tests/fixtures/records.ts`).
 */
import type { SynonymObject } from '@sitesearch/islands/ssg';
import type { SynonymHit } from '@sitesearch/local/engine';

/** True only when A and B are the same type (not merely assignable either way: an optional field added to one side counts). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const synonymsAreTheSame: Same<SynonymHit, SynonymObject> = true;
