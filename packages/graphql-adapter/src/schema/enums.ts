import { GraphQLEnumType, Kind, type GraphQLEnumTypeConfig, type ValueNode } from 'graphql';
import type { SchemaPlan } from './plan.js';
import type { TypeRegistry } from './type-registry.js';

/**
 * `RepositoryLanguage` (Ibexa's generated enum): one value per language, `eng_GB` standing for `eng-GB`. Besides enum
 * literals it accepts the language code as a string (`language: "eng-GB"`), which the client examples and Ibexa's own
 * curl examples use; introspection still shows an ENUM with every language.
 */
export class RepositoryLanguageEnum extends GraphQLEnumType {
  private readonly codes: ReadonlyMap<string, string>;

  constructor(config: GraphQLEnumTypeConfig, codes: ReadonlyMap<string, string>) {
    super(config);
    this.codes = codes;
  }

  override parseLiteral(
    valueNode: ValueNode,
    variables: { readonly [key: string]: unknown } | null | undefined,
    hideSuggestions?: boolean | null,
  ): unknown {
    if (valueNode.kind === Kind.STRING) {
      const code = this.codeOf(valueNode.value);
      if (code !== undefined) return code;
    }
    return super.parseLiteral(valueNode, variables, hideSuggestions);
  }

  override parseValue(value: unknown, hideSuggestions?: boolean | null): unknown {
    if (typeof value === 'string') {
      const code = this.codeOf(value);
      if (code !== undefined) return code;
    }
    return super.parseValue(value, hideSuggestions);
  }

  private codeOf(text: string): string | undefined {
    return this.codes.get(text) ?? ([...this.codes.values()].includes(text) ? text : undefined);
  }
}

/**
 * Ibexa's generated enums: `ContentTypeIdentifier`, `RepositoryLanguage` and `ImageVariationIdentifier`. An enum
 * without values is not valid GraphQL, so an empty one is left out and the places that use it take a String.
 */
export function registerGeneratedEnums(registry: TypeRegistry, plan: SchemaPlan): void {
  if (plan.types.length > 0) {
    registry.add(
      new GraphQLEnumType({
        name: 'ContentTypeIdentifier',
        values: Object.fromEntries(plan.types.map((type) => [type.contentType.identifier, { value: type.contentType.identifier }])),
      }),
    );
  }
  registry.add(
    new RepositoryLanguageEnum(
      {
        name: 'RepositoryLanguage',
        description: 'A repository language; `eng_GB` stands for `eng-GB` (the code is accepted as a string too).',
        values: Object.fromEntries(
          plan.languages.size === 0 ? [['eng_GB', { value: 'eng-GB' }]] : [...plan.languages].map(([name, code]) => [name, { value: code }]),
        ),
      },
      plan.languages.size === 0 ? new Map([['eng_GB', 'eng-GB']]) : plan.languages,
    ),
  );
  if (plan.imageVariations.length > 0) {
    registry.add(
      new GraphQLEnumType({
        name: 'ImageVariationIdentifier',
        values: Object.fromEntries(plan.imageVariations.map((name) => [name, { value: name }])),
      }),
    );
  }
}
