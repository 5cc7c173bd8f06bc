/**
 * The assistant's own words in the languages beside English (see `answerTexts.ts`): a module of
 * its own, so the browser fetches it only for a question asked in one of them.
 */
import type { AnswerTexts, LeadVerb } from './answerTexts.js';

const FRENCH_VERBS: Record<LeadVerb, string> = { set: 'Définissez', use: 'Utilisez', pass: 'Passez', enable: 'Activez', run: 'Exécutez', call: 'Appelez' };
const GERMAN_VERBS: Record<LeadVerb, string> = { set: 'Setzen', use: 'Verwenden', pass: 'Übergeben', enable: 'Aktivieren', run: 'Starten', call: 'Verwenden' };
const SPANISH_VERBS: Record<LeadVerb, string> = { set: 'Configura', use: 'Usa', pass: 'Pasa', enable: 'Activa', run: 'Ejecuta', call: 'Llama a' };
const CHINESE_VERBS: Record<LeadVerb, string> = { set: '设置', use: '使用', pass: '传入', enable: '启用', run: '运行', call: '调用' };
// Each is followed by します: 設定します, 有効にします, 呼び出します.
const JAPANESE_VERBS: Record<LeadVerb, string> = { set: '設定', use: '使用', pass: '指定', enable: '有効に', run: '実行', call: '呼び出' };

export const TRANSLATED_ANSWER_TEXTS: Readonly<Record<string, AnswerTexts>> = {
  fr: {
    notFound: "Je n'ai rien trouvé à ce sujet dans la documentation. Reformulez votre question avec le nom de la fonctionnalité, de l'option ou de la commande que vous cherchez.",
    answerIn: (link) => `La réponse se trouve dans ${link}`,
    errorIn: (link) => `Cette erreur est traitée dans ${link}`,
    closest: (link, error) => `Le passage le plus pertinent${error ? ' sur cette erreur' : ''} se trouve dans ${link}`,
    act: (verb, name, link) => `${FRENCH_VERBS[verb]} ${name}, comme l'explique ${link}`,
    seeAlso: (link) => `Voir aussi ${link}`,
    // French sets a space before a colon.
    colon: ' :',
    stop: '.',
  },
  de: {
    notFound: 'Dazu habe ich in der Dokumentation nichts gefunden. Formulieren Sie die Frage mit dem Namen der Funktion, Option oder des Befehls, den Sie suchen, neu.',
    answerIn: (link) => `Die Antwort steht in ${link}`,
    errorIn: (link) => `Dieser Fehler wird in ${link} behandelt`,
    closest: (link, error) => `Der relevanteste Abschnitt${error ? ' zu diesem Fehler' : ''} steht in ${link}`,
    act: (verb, name, link) => `${GERMAN_VERBS[verb]} Sie ${name}, wie in ${link} beschrieben`,
    seeAlso: (link) => `Siehe auch ${link}`,
    colon: ':',
    stop: '.',
  },
  es: {
    notFound: 'No encontré nada sobre esto en la documentación. Reformula la pregunta con el nombre de la función, la opción o el comando que buscas.',
    answerIn: (link) => `La respuesta está en ${link}`,
    errorIn: (link) => `Este error se explica en ${link}`,
    closest: (link, error) => `El pasaje más relevante${error ? ' sobre este error' : ''} está en ${link}`,
    act: (verb, name, link) => `${SPANISH_VERBS[verb]} ${name}, como explica ${link}`,
    seeAlso: (link) => `Véase también ${link}`,
    colon: ':',
    stop: '.',
  },
  zh: {
    notFound: '文档中没有找到与此相关的内容。请换一种说法，写上你要找的功能、选项或命令的名称。',
    answerIn: (link) => `答案在 ${link}`,
    errorIn: (link) => `这个错误在 ${link} 中有说明`,
    closest: (link, error) => `${error ? '关于这个错误，' : ''}最相关的段落在 ${link}`,
    act: (verb, name, link) => `${CHINESE_VERBS[verb]} ${name}，详见 ${link}`,
    seeAlso: (link) => `另见 ${link}`,
    colon: '：',
    stop: '。',
  },
  ja: {
    notFound: 'ドキュメントには、これについての記述が見つかりませんでした。探している機能、オプション、コマンドの名前を入れて、質問を言い換えてみてください。',
    answerIn: (link) => `答えは ${link} にあります`,
    errorIn: (link) => `このエラーは ${link} で説明されています`,
    closest: (link, error) => `${error ? 'このエラーに' : ''}最も関連する箇所は ${link} にあります`,
    act: (verb, name, link) => `${name} を${JAPANESE_VERBS[verb]}します（${link} を参照）`,
    seeAlso: (link) => `${link} も参照してください`,
    colon: '：',
    stop: '。',
  },
};

