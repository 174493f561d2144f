/**
 * @module types/index
 * The type layer of warren, re-exported as types from `warren`.
 */

export type { Done, MaybePromise } from './util.js'
export type {
  ContentMap,
  JsonSchemaObject,
  TypeBoxOneSchema,
  SchemaBuilder,
  SchemaInput,
  ResponseEntry,
  RouteSchema,
  SchemaRegistry,
  ContainsRef,
  StaticOf,
  UnknownRef,
  SchemaStatic,
  RouteInputTypes,
  ParamNames,
  PathParams,
  LowercaseKeys,
  ResponsesOf,
  RouteTypes,
  DefaultRouteTypes,
  RouteTypesOf,
} from './schema.js'
export type { StandardSchema, StandardSchemaLike, StandardSchemaProps, StandardSide, StandardTypeOf, StandardInput, StandardOutput } from './standard-schema.js'
export type { PayloadForCode, DeclaredCode, SuccessPayload, NoSchemaFor200 } from './status.js'
export type { LogFn, LogSerializers, WarrenLogger } from './logger.js'
export type {
  HTTPPart,
  ValidationErrorItem,
  ValidationError,
  ValidationResult,
  ValidationFunction,
  ValidatorCompilerInput,
  ValidatorCompiler,
  SerializerCompilerInput,
  SerializerFunction,
  SerializerCompiler,
  SchemaErrorFormatter,
} from './validation.js'
export type { ContextShape, ContextOf, DecoratorValue, DecoratorInput, InstanceSlot, BareInstance } from './context.js'
export type { RequestRouteOptions, WarrenRequest, RouteRequest } from './request.js'
export type { HeaderValue, ReplyBase, WarrenReply, ReplyFor, RouteReply } from './reply.js'
export type { HandlerTraceMessage, InitializationMessage } from './diagnostics.js'
export type { RouteOptionsView } from './route-view.js'
export type {
  HandlerError,
  PayloadDone,
  RequestHook,
  PreParsingHook,
  PayloadHook,
  OnErrorHook,
  OnRequestAbortHook,
  RequestHooks,
  ApplicationHooks,
  RequestHookName,
  ApplicationHookName,
  HookName,
  ContextHooks,
  HookOption,
  BodyAtStage,
  ArgumentsBeforeDone,
  AsyncHookWithoutDone,
} from './hooks.js'
export type {
  HTTPMethod,
  HTTPMethods,
  HandlerFor,
  Status200Payload,
  ErrorHandlerFor,
  RouteShorthandOptions,
  RoutePath,
  RouteOptions,
  RouteShorthand,
  WithRoute,
} from './route.js'
export type {
  ProtoAction,
  ContentTypeMatcher,
  BodyParserDone,
  StreamBodyParser,
  BufferedBodyParser,
  ContentTypeParserOptions,
} from './content-type.js'
export type { AjvPluginLike, ValidatorOptions, SerializerOptions, WarrenOptions, ServerFactory, ChildLoggerFactory, ClientErrorHandler, SchemaController, SchemaBucket, PrecompiledSchemas } from './options.js'
export type { RouterOptions, FrameworkErrorsHandler, RouteQuery, FoundRoute, PrintRoutesOptions, ConstraintStrategy, RouteConstraints, AddHttpMethodOptions } from './router.js'
export type { RegisterOptions, PluginMeta, RegisterCheck, RegisterArgs } from './register.js'
export type { PluginFunction, SharedPlugin, PluginHelper, PluginWrapper } from './plugin.js'
export type {
  RegisterResult,
  ListenOptions,
  NotFoundOptions,
  WarrenInstance,
  Warren,
  AnyWarren,
} from './instance.js'
export type {
  RouteTypesFor,
  RouteHandler,
  RequestOf,
  ReplyOf,
  RouteHook,
  DecorationsOf,
  RequestDecorationsOf,
  ReplyDecorationsOf,
} from './helpers.js'
export type { WarrenFactory } from './facade.js'
export type { WarrenTypeBuilder, NamedBy } from './type-builder.js'
export type { AppErrorCodes, RouteConfig, RouteOptionsExtensions } from './augment.js'
export type {
  FastifyErrorBody,
  ProblemDetails,
  ValidationProblemItem,
  ValidationProblemDetails,
  ErrorFormatAnswer,
  ErrorFormatFunction,
  ErrorFormat,
} from './error-format.js'
export type { ErrorCatalogue, ErrorCatalogueEntry, CatalogueCode, CodesWithStatus, ProblemTypeOf } from './error-catalogue.js'
export type { RouteEntry, RouteMount, RoutedInstanceSlot, RoutedInstance, RouteTableCarrier, RoutesOf, MountOf, RouteTableOf, TrailingSlash } from './route-table.js'
export type { InjectOptions, InjectResponse, InjectChain, InjectPayload, InjectQuery, InjectUrl, InjectCookie, InjectCookies, InjectRequestCookie } from './inject.js'
