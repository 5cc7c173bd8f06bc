/**
 * Stop words of the languages beside English (see `stopwords.ts`): French, German, Spanish, and
 * the particles and question words of Chinese and Japanese. A module of its own so that the
 * browser loads it only for an index (or a request's `queryLanguages`) in one of them.
 */
export const STOP_WORD_LISTS: Record<string, string> = {
  fr: `a au aux avec ce ces cette comment dans de des du elle en est et il ils je la le les leur lui ma mais me mes mon nous on
    ou par pour quand que quel quelle quels quelles qui quoi sa se ses son sur ta te tes ton tu un une vos votre vous
    suis sont etre avoir fait faire peut peux puis`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber ich du er sie es wir ihr mein dein sein im in
    am an auf aus bei mit nach von vor zu zum zur fur uber unter ist sind war wie was wo wann warum welche welcher welches
    wer kann konnen muss mussen soll sollte wird werden habe hat haben man mich mir sich`,
  es: `el la los las un una unos unas y o de del al en con por para que como cual cuales cuando donde quien porque es son
    esta estan ser estar mi mis tu tus su sus se me te lo le les nos hay puedo puede hacer hago`,
  zh: `的 了 是 在 和 与 或 吗 呢 吧 啊 把 被 我 你 他 她 它 我们 这 那 这个 那个 怎么 怎样 如何 什么 为什么 哪 哪里 哪个 能 可以 要 会 应该 一个 有 中`,
  ja: `の は が を に で と も へ や か な ね よ から まで より って です ます でした ました ですか ますか する します できる できます
    どう どうやって どうすれば どの どこ なに 何 なぜ いつ これ それ あれ この その あの 方法 ため`,
};
