// Abstract coffee pictures for the demo school, composed as SVG: cups with latte art, steam,
// beans, a pour-over, coffee cherries and portrait silhouettes, in the house palette. Each
// storage key picks its scene from its name (a rosetta lesson gets latte art) and everything
// else — layout, theme, scatter — from a hash of the key, so a key always gets the same picture.

const ESPRESSO = '#3b2418';
const CREMA = '#c8925a';
const MILK = '#faf6f1';
const FOAM = '#f1e7dc';
const DARK_ROAST = '#24150d';
const MOCHA = '#6b4429';
const CARAMEL = '#a8703f';
const LATTE = '#e3cdb3';
const PORCELAIN = '#fffdf9';

type Scene = 'latte' | 'steam' | 'beans' | 'pourover' | 'cherries';
const SCENES: Scene[] = ['latte', 'steam', 'beans', 'pourover', 'cherries'];

/** Words in a key that suggest its scene; the first match wins. */
const SCENE_HINTS: [RegExp, Scene][] = [
  [/latte|rosett|tulip|etching|heart|milk|pitcher|foam|championship/, 'latte'],
  [/cherr|cocoa|shokolad|tempering|deserty|smoothie|limonad|gastronomy|gift/, 'cherries'],
  [/pourover|alternativa|aeropress|moka|domashnii|online|test-tube|nauka/, 'pourover'],
  [/roast|obzhar|crack|kapping|cupping|q-grader|flavor|grinder|professionals/, 'beans'],
  [/espresso|barista|studio|presence|about|corporate|business|kofein|career|plan|contacts/, 'steam'],
];

/** The SVG of the demo picture for `key` at `width`×`height` (a portrait for teachers). */
export function demoSvg(key: string, width: number, height: number): string {
  const rand = random(key);
  const portraitKey = key.includes('/teachers/');
  const backgrounds: [string, string][] = portraitKey
    ? [[FOAM, LATTE], [LATTE, CREMA], [MOCHA, ESPRESSO]]
    : [[MILK, FOAM], [MILK, FOAM], [FOAM, LATTE], [ESPRESSO, DARK_ROAST], [MOCHA, DARK_ROAST]];
  const [from, to] = pick(rand, backgrounds);
  const dark = from === ESPRESSO || from === MOCHA;
  const body = portraitKey ? portrait(rand, width, height, dark) : scene(pickScene(key, rand), rand, width, height, dark);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="coffee" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="${CREMA}"/><stop offset="0.7" stop-color="${CARAMEL}"/><stop offset="1" stop-color="${MOCHA}"/></radialGradient>
<radialGradient id="cherry" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${CREMA}"/><stop offset="1" stop-color="${MOCHA}"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${body}
</svg>`;
}

function pickScene(key: string, rand: () => number): Scene {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const roll = rand();
  for (const [pattern, found] of SCENE_HINTS) {
    // Cafés and baristas are the commonest hint: half of them get a cup of latte instead.
    if (pattern.test(name)) return found === 'steam' && roll < 0.5 ? 'latte' : found;
  }
  return SCENES[Math.floor(roll * SCENES.length)]!;
}

function scene(kind: Scene, rand: () => number, w: number, h: number, dark: boolean): string {
  const s = Math.min(w, h) / 1000;
  const left = rand() < 0.5;
  // The main object sits on a third line, the scatter fills the other side.
  const cx = w * (left ? 0.34 : 0.66);
  const cy = h * 0.52;
  const parts = [rings(rand, w, h, s, dark)];
  const beanColor = dark ? CARAMEL : ESPRESSO;
  const creaseColor = dark ? ESPRESSO : CARAMEL;
  const scatter = (count: number, size: number) =>
    scatterBeans(rand, count, size * s, beanColor, creaseColor, w, h, { x: cx, y: cy, r: 430 * s });
  switch (kind) {
    case 'latte':
      parts.push(scatter(9, 1), latteCup(rand, cx, cy, 300 * s, pick(rand, ['heart', 'rosetta', 'tulip'])));
      break;
    case 'steam':
      parts.push(
        `<circle cx="${cx}" cy="${cy - 60 * s}" r="${380 * s}" fill="${CREMA}" opacity="${dark ? 0.16 : 0.22}"/>`,
        scatter(7, 0.9),
        steamCup(cx, cy + 40 * s, 440 * s, dark),
      );
      break;
    case 'beans':
      parts.push(beanField(rand, w, h, s, beanColor, creaseColor), latteCup(rand, cx, cy, 210 * s, 'heart'));
      break;
    case 'pourover':
      parts.push(scatter(8, 1), pourOver(cx, cy - 20 * s, 560 * s, dark));
      break;
    case 'cherries':
      parts.push(scatter(5, 0.9), cherryBranch(rand, w / 2, cy, Math.min(w * 0.42, 640 * s), dark));
      break;
  }
  return parts.join('\n');
}

/** Faint coffee-cup rings, as left on a table. */
function rings(rand: () => number, w: number, h: number, s: number, dark: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = w * (0.1 + rand() * 0.8);
    const y = h * (0.1 + rand() * 0.8);
    const r = (120 + rand() * 160) * s;
    const opacity = dark ? 0.12 : 0.16;
    out.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${CREMA}" stroke-width="${f(9 * s)}" opacity="${opacity}"/>`,
      `<circle cx="${f(x + 4 * s)}" cy="${f(y + 3 * s)}" r="${f(r - 9 * s)}" fill="none" stroke="${CREMA}" stroke-width="${f(3 * s)}" opacity="${opacity}"/>`,
    );
  }
  return out.join('');
}

function bean(x: number, y: number, angle: number, size: number, color: string, crease: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${f(size)})"><ellipse rx="26" ry="38" fill="${color}"/><path d="M1 -33 C 13 -13, -11 11, 1 33" fill="none" stroke="${crease}" stroke-width="5" stroke-linecap="round"/></g>`;
}

/** Beans scattered around, kept off the main object. */
function scatterBeans(
  rand: () => number,
  count: number,
  size: number,
  color: string,
  crease: string,
  w: number,
  h: number,
  avoid: { x: number; y: number; r: number },
): string {
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 30; tries++) {
    const x = w * (0.04 + rand() * 0.92);
    const y = h * (0.06 + rand() * 0.88);
    if (Math.hypot(x - avoid.x, y - avoid.y) < avoid.r) continue;
    out.push(bean(x, y, rand() * 360, size * (0.8 + rand() * 0.6), color, crease));
  }
  return out.join('');
}

/** A loose carpet of beans over the whole picture. */
function beanField(rand: () => number, w: number, h: number, s: number, color: string, crease: string): string {
  const out: string[] = [];
  const step = 120 * s;
  for (let y = step / 2; y < h + step / 2; y += step * 0.8) {
    for (let x = step / 2; x < w + step / 2; x += step) {
      if (rand() < 0.25) continue;
      const jx = x + (rand() - 0.5) * step * 0.6;
      const jy = y + (rand() - 0.5) * step * 0.5;
      out.push(bean(jx, jy, rand() * 360, s * (0.85 + rand() * 0.4), color, crease));
    }
  }
  return `<g opacity="0.9">${out.join('')}</g>`;
}

/** A cup seen from above, on its saucer, with latte art. */
function latteCup(rand: () => number, cx: number, cy: number, r: number, art: 'heart' | 'rosetta' | 'tulip'): string {
  const turn = f(-25 + rand() * 50);
  const coffee = r * 0.86;
  let drawing: string;
  const stem = (top: number, bottom: number) =>
    `<path d="M0 ${f(top)} L${f(coffee * 0.02)} ${f(bottom)} L${f(-coffee * 0.02)} ${f(bottom)} Z" fill="${MILK}"/>`;
  if (art === 'heart') {
    drawing = heart(0, coffee * 0.05, coffee * 0.62);
  } else if (art === 'rosetta') {
    const leaves: string[] = [];
    const n = 9;
    for (let i = 0; i < n; i++) {
      const t = i / (n - 1);
      leaves.push(crescent(0, coffee * (0.66 - 1.04 * t), coffee * (0.64 - 0.44 * t), coffee * 0.13, coffee * (0.075 - 0.02 * t)));
    }
    leaves.push(heart(0, -coffee * 0.5, coffee * 0.2), stem(-coffee * 0.5, coffee * 0.78));
    drawing = leaves.join('');
  } else {
    const parts: string[] = [];
    for (let i = 0; i < 3; i++) {
      parts.push(crescent(0, coffee * (0.6 - 0.3 * i), coffee * (0.58 - 0.1 * i), coffee * 0.24, coffee * 0.17));
    }
    parts.push(heart(0, -coffee * 0.32, coffee * 0.34), stem(-coffee * 0.2, coffee * 0.74));
    drawing = parts.join('');
  }
  return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${turn})">
<ellipse cx="${f(r * 0.1)}" cy="${f(r * 0.14)}" rx="${f(r * 1.45)}" ry="${f(r * 1.42)}" fill="${ESPRESSO}" opacity="0.14"/>
<circle r="${f(r * 1.4)}" fill="${PORCELAIN}" stroke="${LATTE}" stroke-width="${f(r * 0.02)}"/>
<circle r="${f(r * 1.08)}" fill="none" stroke="${FOAM}" stroke-width="${f(r * 0.05)}"/>
<rect x="${f(r * 0.9)}" y="${f(-r * 0.17)}" width="${f(r * 0.5)}" height="${f(r * 0.34)}" rx="${f(r * 0.17)}" fill="${PORCELAIN}" stroke="${LATTE}" stroke-width="${f(r * 0.02)}"/>
<circle r="${f(r)}" fill="${PORCELAIN}" stroke="${LATTE}" stroke-width="${f(r * 0.02)}"/>
<circle r="${f(coffee)}" fill="url(#coffee)"/>
<g transform="rotate(${f(rand() * 20 - 10)})">${drawing}</g>
</g>`;
}

/** A heart with its point down, centred at (x, y), `size` wide. */
function heart(x: number, y: number, size: number): string {
  const k = size / 2;
  const p = (dx: number, dy: number) => `${f(x + dx * k)} ${f(y + dy * k)}`;
  return `<path d="M${p(0, 0.9)} C${p(-1.3, 0.1)} ${p(-0.95, -1.05)} ${p(0, -0.45)} C${p(0.95, -1.05)} ${p(1.3, 0.1)} ${p(0, 0.9)} Z" fill="${MILK}"/>`;
}

/** One leaf of a rosetta or tulip: an arch `height` tall and `thickness` thick at the top. */
function crescent(x: number, y: number, halfWidth: number, height: number, thickness: number): string {
  // A quadratic curve peaks halfway to its control point.
  return `<path d="M${f(x - halfWidth)} ${f(y)} Q${f(x)} ${f(y - height * 2)} ${f(x + halfWidth)} ${f(y)} Q${f(x)} ${f(y - (height - thickness) * 2)} ${f(x - halfWidth)} ${f(y)} Z" fill="${MILK}"/>`;
}

/** A cup from the side, with steam rising. */
function steamCup(cx: number, cy: number, size: number, dark: boolean): string {
  const cup = dark ? MILK : ESPRESSO;
  const inside = dark ? LATTE : MOCHA;
  const top = cy - size * 0.32;
  const l = cx - size * 0.5;
  const r = cx + size * 0.5;
  const bottom = cy + size * 0.36;
  const steam = [-0.22, 0, 0.22]
    .map((dx, i) => {
      const x = cx + dx * size;
      const y = top - size * 0.12;
      const a = size * 0.08;
      const hgt = size * (0.5 + (i % 2) * 0.12);
      return `<path d="M${f(x)} ${f(y)} C${f(x - a)} ${f(y - hgt * 0.3)} ${f(x + a)} ${f(y - hgt * 0.55)} ${f(x)} ${f(y - hgt * 0.75)} S${f(x - a * 0.6)} ${f(y - hgt)} ${f(x + a * 0.2)} ${f(y - hgt * 1.1)}" fill="none" stroke="${dark ? FOAM : CREMA}" stroke-width="${f(size * 0.04)}" stroke-linecap="round" opacity="0.75"/>`;
    })
    .join('');
  return `<g>
<ellipse cx="${f(cx)}" cy="${f(bottom + size * 0.02)}" rx="${f(size * 0.82)}" ry="${f(size * 0.11)}" fill="${dark ? CREMA : LATTE}"/>
<ellipse cx="${f(cx)}" cy="${f(bottom - size * 0.01)}" rx="${f(size * 0.5)}" ry="${f(size * 0.06)}" fill="${dark ? CARAMEL : CREMA}" opacity="0.6"/>
<circle cx="${f(r + size * 0.02)}" cy="${f(cy - size * 0.06)}" r="${f(size * 0.16)}" fill="none" stroke="${cup}" stroke-width="${f(size * 0.07)}"/>
<path d="M${f(l)} ${f(top)} L${f(r)} ${f(top)} C${f(r)} ${f(top + size * 0.5)} ${f(cx + size * 0.34)} ${f(bottom)} ${f(cx)} ${f(bottom)} C${f(cx - size * 0.34)} ${f(bottom)} ${f(l)} ${f(top + size * 0.5)} ${f(l)} ${f(top)} Z" fill="${cup}"/>
<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(size * 0.5)}" ry="${f(size * 0.08)}" fill="${inside}"/>
<ellipse cx="${f(cx)}" cy="${f(top + size * 0.01)}" rx="${f(size * 0.43)}" ry="${f(size * 0.06)}" fill="${CREMA}"/>
${steam}
</g>`;
}

/** A pour-over cone dripping into a glass server. */
function pourOver(cx: number, cy: number, size: number, dark: boolean): string {
  const glass = dark ? FOAM : PORCELAIN;
  const coneTop = cy - size * 0.55;
  const coneBottom = cy - size * 0.12;
  const serverTop = cy - size * 0.02;
  const serverBottom = cy + size * 0.5;
  const ribs = [-0.2, -0.1, 0, 0.1, 0.2]
    .map(
      (dx) =>
        `<line x1="${f(cx + dx * size * 1.6)}" y1="${f(coneTop + size * 0.06)}" x2="${f(cx + dx * size * 0.5)}" y2="${f(coneBottom - size * 0.03)}" stroke="${MOCHA}" stroke-width="${f(size * 0.012)}" opacity="0.5"/>`,
    )
    .join('');
  const drops = [0.03, 0.08]
    .map((dy) => `<ellipse cx="${f(cx)}" cy="${f(coneBottom + dy * size)}" rx="${f(size * 0.012)}" ry="${f(size * 0.02)}" fill="${ESPRESSO}"/>`)
    .join('');
  return `<g>
<ellipse cx="${f(cx + size * 0.05)}" cy="${f(serverBottom + size * 0.03)}" rx="${f(size * 0.5)}" ry="${f(size * 0.06)}" fill="${ESPRESSO}" opacity="0.15"/>
<path d="M${f(cx - size * 0.3)} ${f(serverTop)} L${f(cx + size * 0.3)} ${f(serverTop)} L${f(cx + size * 0.36)} ${f(serverBottom - size * 0.08)} Q${f(cx + size * 0.37)} ${f(serverBottom)} ${f(cx + size * 0.28)} ${f(serverBottom)} L${f(cx - size * 0.28)} ${f(serverBottom)} Q${f(cx - size * 0.37)} ${f(serverBottom)} ${f(cx - size * 0.36)} ${f(serverBottom - size * 0.08)} Z" fill="${glass}" opacity="0.85" stroke="${LATTE}" stroke-width="${f(size * 0.012)}"/>
<path d="M${f(cx - size * 0.335)} ${f(serverTop + size * 0.27)} L${f(cx + size * 0.335)} ${f(serverTop + size * 0.27)} L${f(cx + size * 0.36)} ${f(serverBottom - size * 0.08)} Q${f(cx + size * 0.37)} ${f(serverBottom)} ${f(cx + size * 0.28)} ${f(serverBottom)} L${f(cx - size * 0.28)} ${f(serverBottom)} Q${f(cx - size * 0.37)} ${f(serverBottom)} ${f(cx - size * 0.36)} ${f(serverBottom - size * 0.08)} Z" fill="${ESPRESSO}"/>
<rect x="${f(cx - size * 0.34)}" y="${f(serverTop - size * 0.02)}" width="${f(size * 0.68)}" height="${f(size * 0.04)}" rx="${f(size * 0.02)}" fill="${LATTE}"/>
${drops}
<path d="M${f(cx - size * 0.42)} ${f(coneTop)} L${f(cx + size * 0.42)} ${f(coneTop)} L${f(cx + size * 0.1)} ${f(coneBottom)} L${f(cx - size * 0.1)} ${f(coneBottom)} Z" fill="${CREMA}"/>
${ribs}
<rect x="${f(cx - size * 0.46)}" y="${f(coneTop - size * 0.035)}" width="${f(size * 0.92)}" height="${f(size * 0.05)}" rx="${f(size * 0.025)}" fill="${CARAMEL}"/>
<path d="M${f(cx + size * 0.42)} ${f(coneTop + size * 0.05)} q${f(size * 0.16)} ${f(size * 0.02)} ${f(size * 0.1)} ${f(size * 0.16)}" fill="none" stroke="${CARAMEL}" stroke-width="${f(size * 0.035)}" stroke-linecap="round"/>
</g>`;
}

/** A coffee branch with leaves and clusters of cherries. */
function cherryBranch(rand: () => number, cx: number, cy: number, size: number, dark: boolean): string {
  const wood = dark ? CARAMEL : MOCHA;
  const x0 = cx - size * 0.9;
  const y0 = cy + size * 0.35;
  const x1 = cx + size * 0.9;
  const y1 = cy - size * 0.3;
  const point = (t: number) => ({
    x: (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
    y: (1 - t) ** 2 * y0 + 2 * (1 - t) * t * (cy - size * 0.25) + t * t * y1,
  });
  const parts = [
    `<path d="M${f(x0)} ${f(y0)} Q${f(cx)} ${f(cy - size * 0.25)} ${f(x1)} ${f(y1)}" fill="none" stroke="${wood}" stroke-width="${f(size * 0.035)}" stroke-linecap="round"/>`,
  ];
  for (let i = 0; i < 5; i++) {
    const t = 0.12 + i * 0.19;
    const p = point(t);
    const side = i % 2 === 0 ? -1 : 1;
    const angle = side * (35 + rand() * 20) - 20;
    const len = size * (0.34 + rand() * 0.1);
    parts.push(
      `<g transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(angle + (side < 0 ? 180 : 0))})"><path d="M0 0 Q${f(len * 0.5)} ${f(-len * 0.28)} ${f(len)} 0 Q${f(len * 0.5)} ${f(len * 0.28)} 0 0 Z" fill="${side < 0 ? wood : dark ? CREMA : CARAMEL}" opacity="0.85"/><path d="M0 0 L${f(len * 0.92)} 0" stroke="${FOAM}" stroke-width="${f(size * 0.006)}" opacity="0.6"/></g>`,
    );
    const berries = 3 + Math.floor(rand() * 3);
    for (let b = 0; b < berries; b++) {
      const bx = p.x + (rand() - 0.5) * size * 0.16;
      const by = p.y + size * 0.05 + rand() * size * 0.1;
      const br = size * (0.045 + rand() * 0.015);
      parts.push(
        `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(br)}" fill="url(#cherry)"/><circle cx="${f(bx - br * 0.35)}" cy="${f(by - br * 0.35)}" r="${f(br * 0.22)}" fill="${MILK}" opacity="0.55"/>`,
      );
    }
  }
  return parts.join('');
}

/** An abstract head-and-shoulders silhouette with a latte-art badge. */
function portrait(rand: () => number, w: number, h: number, dark: boolean): string {
  const s = Math.min(w, h) / 800;
  const figure = dark ? FOAM : ESPRESSO;
  const hair = dark ? LATTE : DARK_ROAST;
  const cx = w / 2;
  const head = { x: cx, y: 330 * s, r: 125 * s };
  const hairStyles = [
    `<path d="M${f(cx - 135 * s)} ${f(330 * s)} C${f(cx - 150 * s)} ${f(170 * s)} ${f(cx + 150 * s)} ${f(170 * s)} ${f(cx + 135 * s)} ${f(330 * s)} C${f(cx + 90 * s)} ${f(250 * s)} ${f(cx - 90 * s)} ${f(250 * s)} ${f(cx - 135 * s)} ${f(330 * s)} Z" fill="${hair}"/>`,
    `<circle cx="${f(cx)}" cy="${f(180 * s)}" r="${f(55 * s)}" fill="${hair}"/><path d="M${f(cx - 130 * s)} ${f(320 * s)} C${f(cx - 140 * s)} ${f(190 * s)} ${f(cx + 140 * s)} ${f(190 * s)} ${f(cx + 130 * s)} ${f(320 * s)} C${f(cx + 60 * s)} ${f(255 * s)} ${f(cx - 60 * s)} ${f(255 * s)} ${f(cx - 130 * s)} ${f(320 * s)} Z" fill="${hair}"/>`,
    `<path d="M${f(cx - 140 * s)} ${f(480 * s)} C${f(cx - 190 * s)} ${f(200 * s)} ${f(cx + 190 * s)} ${f(200 * s)} ${f(cx + 140 * s)} ${f(480 * s)} L${f(cx + 100 * s)} ${f(480 * s)} C${f(cx + 110 * s)} ${f(300 * s)} ${f(cx - 110 * s)} ${f(300 * s)} ${f(cx - 100 * s)} ${f(480 * s)} Z" fill="${hair}"/>`,
  ];
  const style = Math.floor(rand() * hairStyles.length);
  const ringOpacity = dark ? 0.2 : 0.3;
  return `<circle cx="${f(cx)}" cy="${f(400 * s)}" r="${f(330 * s)}" fill="none" stroke="${dark ? CREMA : MILK}" stroke-width="${f(14 * s)}" opacity="${ringOpacity}"/>
${style === 2 ? hairStyles[2] : ''}
<path d="M${f(cx - 250 * s)} ${f(h)} C${f(cx - 250 * s)} ${f(600 * s)} ${f(cx - 130 * s)} ${f(520 * s)} ${f(cx)} ${f(520 * s)} C${f(cx + 130 * s)} ${f(520 * s)} ${f(cx + 250 * s)} ${f(600 * s)} ${f(cx + 250 * s)} ${f(h)} Z" fill="${figure}"/>
<rect x="${f(cx - 45 * s)}" y="${f(420 * s)}" width="${f(90 * s)}" height="${f(110 * s)}" rx="${f(30 * s)}" fill="${figure}"/>
<circle cx="${f(head.x)}" cy="${f(head.y)}" r="${f(head.r)}" fill="${figure}"/>
${style === 2 ? '' : hairStyles[style]}
<path d="M${f(cx - 120 * s)} ${f(h)} L${f(cx - 120 * s)} ${f(610 * s)} M${f(cx + 120 * s)} ${f(h)} L${f(cx + 120 * s)} ${f(610 * s)}" stroke="${CREMA}" stroke-width="${f(16 * s)}" stroke-linecap="round"/>
<circle cx="${f(cx)}" cy="${f(690 * s)}" r="${f(48 * s)}" fill="${CREMA}"/>
${heart(cx, 690 * s, 52 * s)}`;
}

/** A seeded generator (mulberry32 over an FNV-1a hash of the seed): same key, same picture. */
function random(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

/** Two decimals are plenty for pixels and keep the SVG small. */
function f(n: number): string {
  return String(Math.round(n * 100) / 100);
}
