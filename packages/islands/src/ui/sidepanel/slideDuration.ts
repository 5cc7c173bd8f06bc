/**
 * Length of the panel's slide (sidepanel.mjs: `.28s`), which the inline push (pushContent.ts,
 * given it by the panel) follows. Its own module so tests read it without the panel.
 */
export const PUSH_DURATION_MS = 280;
