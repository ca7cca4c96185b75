// @ts-check
/**
 * The one slowdown factor every test timeout is derived from. CI and laptops are not idle: on a
 * loaded 2-core machine a real server, a build or a browser page can take several times longer.
 * The same with or without CI: a newcomer's busy laptop is no faster than CI, and a factor that
 * halved without CI made the README's test command fail there alone. TEST_SLOWDOWN overrides it
 * (e.g. TEST_SLOWDOWN=4 while another process loads both cores, 1 for quick local feedback).
 */
const given = Number(process.env.TEST_SLOWDOWN);
const SLOWDOWN = Number.isFinite(given) && given >= 1 ? given : 2;

/** A timeout in milliseconds, scaled by the slowdown factor. */
function scaled(/** @type {number} */ ms) {
  return Math.round(ms * SLOWDOWN);
}

module.exports = { SLOWDOWN, scaled };
