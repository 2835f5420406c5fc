/** Spanish e-mail templates, each rendered to HTML (escaped, inline styles) and plain text. */
export type RenderedEmail = { subject: string; html: string; text: string };

export const TEMPLATE_NAMES = ['welcome', 'weekly-summary', 'password-reset', 'email-verification'] as const;
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

/** A link that confirms the address (`/verificar/{token}`) and how many hours it lasts. */
export type VerificationLink = { link: string; validHours: number };

/**
 * The welcome mail of a registration: it carries the link that confirms the address (the button), then
 * where to start. Until the address is confirmed nothing is shared or mailed on the person's behalf.
 */
export function welcomeEmail(data: { firstName: string } & VerificationLink, appUrl: string): RenderedEmail {
  const subject = `Te damos la bienvenida a Ascenso, ${data.firstName}`;
  const lines = [
    `Hola, ${data.firstName}:`,
    `Nos alegra tenerte aquí. Antes de nada, confirma que este correo es tuyo con el botón de abajo. El enlace vale durante ${data.validHours} horas y solo una vez.`,
    'Después, empieza por la evaluación de 5 minutos: con ella tu coach conocerá tu contexto, tus objetivos y lo que te da o te quita energía. Cada día tendrás un plan a tu medida, audios guiados, respiración, pausas activas y conversaciones con tu coach.',
    'Si no has creado tú una cuenta en Ascenso, ignora este correo: sin confirmarlo, esta dirección no queda asociada a nadie.',
  ];
  return paragraphsAndButton(subject, lines, { label: 'Confirmar mi correo', href: data.link }, appUrl);
}

/** A fresh confirmation link asked for with «Reenviar enlace»: the older ones stop working. */
export function emailVerificationEmail(data: { firstName: string } & VerificationLink, appUrl: string): RenderedEmail {
  const subject = 'Confirma tu correo de Ascenso';
  const lines = [
    `Hola, ${data.firstName}:`,
    `Has pedido un enlace nuevo para confirmar tu correo. Vale durante ${data.validHours} horas y solo una vez; los que te enviamos antes ya no sirven.`,
    'Si no has sido tú, ignora este correo.',
  ];
  return paragraphsAndButton(subject, lines, { label: 'Confirmar mi correo', href: data.link }, appUrl);
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
