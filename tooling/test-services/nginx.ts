import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type NginxConfigOptions = {
  /** The site: deploy/nginx/ascenso.conf, or another file with the same placeholders. */
  template: string;
  /** `${ASCENSO_LISTEN}`: the address nginx listens on (`127.0.0.1:<port>`). */
  listen: string;
  /** `${ASCENSO_API_1}` and `${ASCENSO_API_2}`: the two API instances (`127.0.0.1:<port>`). */
  upstreams: [string, string];
  /** `events { worker_connections }`. */
  workerConnections: number;
  /** `worker_rlimit_nofile`, when the process's default is too low for `workerConnections` (unset: not written). */
  rlimitNofile?: number;
  /** Log every request to nginx-access.log in the folder (default: `access_log off`). */
  accessLog?: boolean;
};

/**
 * Renders `template` into `dir`/ascenso.conf and a main nginx.conf around it (one worker; logs, pid and
 * temporary folders all inside `dir`, so nginx runs unprivileged with `-p dir/ -c <returned path>`).
 * Returns the main config's path.
 */
export function renderNginxConfig(dir: string, options: NginxConfigOptions): string {
  const site = readFileSync(options.template, 'utf8')
    .replaceAll('${ASCENSO_LISTEN}', options.listen)
    .replaceAll('${ASCENSO_API_1}', options.upstreams[0])
    .replaceAll('${ASCENSO_API_2}', options.upstreams[1]);
  if (/\$\{ASCENSO_/.test(site)) throw new Error(`${options.template}: a placeholder was left unrendered`);
  writeFileSync(join(dir, 'ascenso.conf'), site);
  // As root the master process hands the workers to an unprivileged user (nginx refuses to guess);
  // otherwise the directive is ignored with a warning, so it is written only then.
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '';
  const rlimit = options.rlimitNofile === undefined ? '' : `worker_rlimit_nofile ${options.rlimitNofile};\n`;
  const main = `${user}worker_processes 1;
${rlimit}error_log ${join(dir, 'nginx-error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections ${options.workerConnections}; }
http {
  access_log ${options.accessLog ? join(dir, 'nginx-access.log') : 'off'};
  client_body_temp_path ${join(dir, 'nginx-client-body')};
  proxy_temp_path ${join(dir, 'nginx-proxy')};
  fastcgi_temp_path ${join(dir, 'nginx-fastcgi')};
  uwsgi_temp_path ${join(dir, 'nginx-uwsgi')};
  scgi_temp_path ${join(dir, 'nginx-scgi')};
  include ${join(dir, 'ascenso.conf')};
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}
