import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, scalars: { DateTimeISO: 'string' } },
    },
  },
};
export default config;
