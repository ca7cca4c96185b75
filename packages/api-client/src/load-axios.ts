import type { AxiosStatic } from 'axios';

/**
 * The one place axios is loaded at run time. A dynamic import puts it in its own chunk, fetched by
 * the first API call, so a page that makes no call (the home page) never downloads it.
 */
export async function loadAxios(): Promise<AxiosStatic> {
  const { default: axios } = await import('axios');
  return axios;
}
