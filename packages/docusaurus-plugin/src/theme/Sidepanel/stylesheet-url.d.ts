/** A stylesheet imported with `?sitesearch-url`: its URL (the theme's webpack rule emits it as a file). */
declare module '*.css?sitesearch-url' {
  const url: string;
  export default url;
}
