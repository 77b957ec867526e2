import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

/**
 * Validates an XML text against the official FatturaPA 1.2.2 schema (fixtures/fatturapa, see its README)
 * with libxml2 compiled to WebAssembly. The schema imports `xmldsig-core.xsd` by a relative location: both
 * files are served from memory under one virtual folder, so nothing is read from the network.
 */
const DIR = 'fatturapa-xsd';
let validator: XsdValidator | null = null;

function load(): XsdValidator {
  if (validator) return validator;
  const read = (f: string) => readFileSync(fileURLToPath(new URL(`./fixtures/fatturapa/${f}`, import.meta.url)));
  const files = ['FatturaPA_v1.2.2.xsd', 'xmldsig-core.xsd'];
  xmlRegisterInputProvider(new XmlBufferInputProvider(Object.fromEntries(files.map((f) => [`${DIR}/${f}`, read(f)]))));
  const schema = XmlDocument.fromBuffer(read(files[0]!), { url: `${DIR}/${files[0]}` });
  validator = XsdValidator.fromDoc(schema);
  return validator;
}

/** The schema's complaints about `xml` (empty when it is valid). */
export function fatturaPaSchemaErrors(xml: string): string[] {
  const v = load();
  const doc = XmlDocument.fromString(xml);
  try {
    v.validate(doc);
    return [];
  } catch (e) {
    if (e instanceof XmlValidateError) return e.details.map((d) => `${d.line}: ${d.message.trim()}`);
    throw e;
  } finally {
    doc.dispose();
  }
}
