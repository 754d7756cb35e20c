; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; Java: classes, interfaces, enums, records, annotation types, methods,
; constructors, enum constants, annotation elements, parameters (formal,
; varargs, catch, lambda), type parameters, fields and locals (every
; variable_declarator), for-each and try-with-resources variables, labels.
; A name that is only imported is not a definition.
(class_declaration name: (identifier) @definition)
(interface_declaration name: (identifier) @definition)
(enum_declaration name: (identifier) @definition)
(record_declaration name: (identifier) @definition)
(annotation_type_declaration name: (identifier) @definition)
(method_declaration name: (identifier) @definition)
(constructor_declaration name: (identifier) @definition)
(compact_constructor_declaration name: (identifier) @definition)
(enum_constant name: (identifier) @definition)
(annotation_type_element_declaration name: (identifier) @definition)
(formal_parameter name: (identifier) @definition)
(catch_formal_parameter name: (identifier) @definition)
(inferred_parameters (identifier) @definition)
(lambda_expression parameters: (identifier) @definition)
(type_parameter (type_identifier) @definition)
(variable_declarator name: (identifier) @definition)
(enhanced_for_statement name: (identifier) @definition)
(resource name: (identifier) @definition)
(labeled_statement (identifier) @definition)

[
  (identifier)
  (type_identifier)
] @reference
