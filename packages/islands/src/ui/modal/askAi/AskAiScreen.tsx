import type { AskAiScreenProps } from '../askAiRuntime.js';

export function AskAiScreen(_props: AskAiScreenProps) {
  return null;
}
