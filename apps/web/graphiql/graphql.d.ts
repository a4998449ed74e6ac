// Operations kept as .graphql files (scripts/build-web.mjs loads them as text).
declare module '*.graphql' {
  const text: string;
  export default text;
}
