// Fills in deploy/nginx/crema.conf for one installation: which Crema processes, the domain, the
// certificate, where the site's build lies. `npm run deploy:nginx -- --help` says how; the cluster
// test renders the same file for its own ports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy/nginx/crema.conf');

export interface NginxSite {
  /** The Crema processes, `host:port` each. */
  upstreams: string[];
  serverName: string;
  httpPort?: number;
  httpsPort?: number;
  certificate: string;
  certificateKey: string;
  /** The site's client build (apps/web/build/client of the installed checkout). */
  staticRoot: string;
  accessLog?: string;
  /** nginx's passive health check: failures before an upstream is left out, and for how long. */
  maxFails?: number;
  failTimeoutS?: number;
}

/** The site file with every {{value}} filled in; an unknown or missing value is an error. */
export function renderNginxSite(site: NginxSite, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  if (site.upstreams.length === 0) throw new Error('нужен хотя бы один процесс Crema (--upstream 127.0.0.1:3001)');
  const httpsPort = site.httpsPort ?? 443;
  const values: Record<string, string> = {
    upstreams: site.upstreams
      .map((address) => `    server ${address} max_fails=${site.maxFails ?? 1} fail_timeout=${site.failTimeoutS ?? 5}s;`)
      .join('\n'),
    server_name: site.serverName,
    http_port: String(site.httpPort ?? 80),
    https_port: String(httpsPort),
    https_suffix: httpsPort === 443 ? '' : `:${httpsPort}`,
    certificate: site.certificate,
    certificate_key: site.certificateKey,
    static_root: site.staticRoot.replace(/\/+$/, ''),
    access_log: site.accessLog ?? '/var/log/nginx/crema.access.log',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`в шаблоне nginx неизвестное значение {{${name}}}`);
    return value;
  });
}

const HELP = `npm run deploy:nginx -- --server-name school.example --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 \\
  --certificate /etc/letsencrypt/live/school.example/fullchain.pem \\
  --certificate-key /etc/letsencrypt/live/school.example/privkey.pem \\
  [--static-root /opt/crema/apps/web/build/client] > /etc/nginx/sites-available/crema`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      'server-name': { type: 'string' },
      upstream: { type: 'string', multiple: true },
      certificate: { type: 'string' },
      'certificate-key': { type: 'string' },
      'static-root': { type: 'string', default: path.join(REPO_ROOT, 'apps/web/build/client') },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values['server-name'] || !values.certificate || !values['certificate-key'] || !values.upstream) {
    console.error(`Файл сайта для nginx:\n${HELP}`);
    process.exit(values.help ? 0 : 1);
  }
  process.stdout.write(
    renderNginxSite({
      upstreams: values.upstream,
      serverName: values['server-name'],
      certificate: values.certificate,
      certificateKey: values['certificate-key'],
      staticRoot: values['static-root'],
    }),
  );
}
