// @ts-check
/**
 * Runs an Rspack compiler once and closes it before answering: a compiler left closing holds its
 * native instance open (a Jest worker then cannot exit). Rejects on a fatal error or a build error.
 * @param {import('@rspack/core').Compiler} compiler
 * @returns {Promise<import('@rspack/core').Stats>}
 */
export function runCompiler(compiler) {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (!stats) return reject(new Error('Rspack ended without stats'));
        if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
        resolve(stats);
      });
    });
  });
}
