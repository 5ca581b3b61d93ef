/** The one file of `swagger-ui-dist` the server loads in Node: the absolute path of the package's directory. */
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The directory holding `swagger-ui-bundle.js`, `swagger-ui.css`, … */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
