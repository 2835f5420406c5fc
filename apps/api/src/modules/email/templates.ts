/** Spanish e-mail templates, each rendered to HTML (escaped, inline styles) and plain text. */
export type RenderedEmail = { subject: string; html: string; text: string };

export const TEMPLATE_NAMES = ['welcome', 'weekly-summary', 'password-reset'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export type WeeklySummaryData = {
  firstName: string;
  weekSteps: number;
  totalSteps: number;
  activeDays: number;
  highlights: string[];
  commitments: string[];
  message: string;
};

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] ?? c);
const fmt = (n: number) => new Intl.NumberFormat('es-ES').format(n);
/** "1 paso", "1.250 pasos". */
export const stepsLabel = (n: number) => `${fmt(n)} ${n === 1 ? 'paso' : 'pasos'}`;
/** "1 día activo", "5 días activos". */
export const activeDaysLabel = (n: number) => `${n} ${n === 1 ? 'día activo' : 'días activos'}`;

function layout(title: string, body: string, appUrl: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;background:#f6f4ef;font-family:Arial,Helvetica,sans-serif;color:#1c2b2d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#1d5c55;margin:0 0 16px">Ascenso</p>${body}
<p style="font-size:13px;color:#5b6b6d;margin-top:32px">Recibes este correo por tu cuenta de Ascenso. <a href="${esc(appUrl)}/profile" style="color:#1d5c55">Gestiona tu cuenta</a>.</p>
</td></tr></table></td></tr></table></body></html>`;
}

const p = (text: string) => `<p style="font-size:16px;line-height:1.5;margin:0 0 12px">${esc(text)}</p>`;
const button = (label: string, href: string) =>
  `<p style="margin:24px 0"><a href="${esc(href)}" style="background:#1d5c55;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`;
const list = (items: string[]) =>
  items.length ? `<ul style="font-size:16px;line-height:1.5;padding-left:20px">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '';

/** An e-mail of a few paragraphs and one button; the text part ends with the button's label and link. */
function paragraphsAndButton(subject: string, lines: string[], action: { label: string; href: string }, appUrl: string): RenderedEmail {
  return {
    subject,
    html: layout(subject, lines.map(p).join('') + button(action.label, action.href), appUrl),
    text: `${lines.join('\n\n')}\n\n${action.label}: ${action.href}\n`,
  };
}

export function welcomeEmail(data: { firstName: string }, appUrl: string): RenderedEmail {
  const subject = `Te damos la bienvenida a Ascenso, ${data.firstName}`;
  const lines = [
    `Hola, ${data.firstName}:`,
    'Nos alegra tenerte aquí. Empieza por la evaluación de 5 minutos: con ella tu coach conocerá tu contexto, tus objetivos y lo que te da o te quita energía.',
    'Después tendrás cada día un plan a tu medida, audios guiados, respiración, pausas activas y conversaciones con tu coach.',
  ];
  return paragraphsAndButton(subject, lines, { label: 'Empezar mi evaluación', href: `${appUrl}/evaluacion` }, appUrl);
}

export function weeklySummaryEmail(data: WeeklySummaryData, appUrl: string): RenderedEmail {
  const subject = `Tu semana en Ascenso: ${stepsLabel(data.weekSteps)}`;
  const week = `Esta semana: ${stepsLabel(data.weekSteps)} en ${activeDaysLabel(data.activeDays)} (${fmt(data.totalSteps)} en total).`;
  const html =
    p(`Hola, ${data.firstName}:`) +
    p(data.message) +
    p(week) +
    (data.highlights.length ? p('Lo más destacado:') + list(data.highlights) : '') +
    (data.commitments.length ? p('Tus compromisos abiertos:') + list(data.commitments) : '') +
    button('Ver mi plan de hoy', appUrl);
  const text = [
    `Hola, ${data.firstName}:`,
    data.message,
    week,
    data.highlights.length ? `Lo más destacado:\n${data.highlights.map((h) => `- ${h}`).join('\n')}` : '',
    data.commitments.length ? `Tus compromisos abiertos:\n${data.commitments.map((c) => `- ${c}`).join('\n')}` : '',
    `Ver mi plan de hoy: ${appUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject, html: layout(subject, html, appUrl), text: `${text}\n` };
}

/** The reset link's e-mail: the link itself, how long it lasts, and what to do when it was not you. */
export function passwordResetEmail(data: { firstName: string; link: string; validMinutes: number }, appUrl: string): RenderedEmail {
  const subject = 'Restablece tu contraseña de Ascenso';
  const lines = [
    `Hola, ${data.firstName}:`,
    `Hemos recibido una petición para restablecer tu contraseña. Con el botón de abajo eliges una nueva. El enlace vale durante ${data.validMinutes} minutos y solo una vez.`,
    'Al cambiarla se cerrará la sesión en todos tus dispositivos.',
    'Si no has sido tú, ignora este correo: tu contraseña no ha cambiado y nadie puede usarla sin este enlace.',
  ];
  return paragraphsAndButton(subject, lines, { label: 'Elegir una contraseña nueva', href: data.link }, appUrl);
}
