import { parseUriTemplate, variableSyntax, type ParsedTemplate } from '../../core/resources/uriTemplate';
import type { FieldSpec, PanelSubject } from './protocol';

/** A template's variables or a prompt's declared arguments, as form fields. */
export function fieldsOf(
  subject: PanelSubject,
  prompt?: Record<string, unknown>,
): { fields: FieldSpec[]; template?: ParsedTemplate; problem?: string } {
  if (subject.kind === 'template') {
    try {
      const template = parseUriTemplate(subject.uriTemplate);
      // Every variable may be left out (RFC 6570 drops undefined ones), but a path one almost never should.
      const fields = template.variables.map((v) => ({
        name: v.name,
        syntax: variableSyntax(v),
        required: v.operator !== '?' && v.operator !== '&' && v.operator !== '#',
        list: v.explode,
      }));
      return { fields, template };
    } catch (error) {
      return {
        fields: [],
        problem: `The uriTemplate is not a valid RFC 6570 template: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (subject.kind === 'prompt') {
    const declared = Array.isArray(prompt?.arguments) ? (prompt.arguments as unknown[]) : [];
    return {
      fields: declared
        .filter(
          (a): a is Record<string, unknown> =>
            typeof a === 'object' && a !== null && typeof (a as Record<string, unknown>).name === 'string',
        )
        .map((a) => ({
          name: String(a.name),
          required: a.required === true,
          ...(typeof a.description === 'string' ? { description: a.description } : {}),
        })),
    };
  }
  return { fields: [] };
}
