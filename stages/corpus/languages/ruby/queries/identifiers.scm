; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; Ruby: methods (def x, def x=, def self.x), classes and modules (class
; A::B defines B), constants, locals and instance variables assigned
; (plainly, with an operator, in a multiple assignment, by for), every kind
; of parameter (method, block, lambda, optional, keyword, splat, block).
; A symbol (:name, attr_reader :name) is not an identifier: never renamed.
(method name: (identifier) @definition)
(method name: (setter name: (identifier) @definition))
(singleton_method name: (identifier) @definition)
(class name: (constant) @definition)
(class name: (scope_resolution name: (constant) @definition))
(module name: (constant) @definition)
(module name: (scope_resolution name: (constant) @definition))
(assignment left: (identifier) @definition)
(assignment left: (constant) @definition)
(assignment left: (instance_variable) @definition)
(assignment left: (class_variable) @definition)
(assignment left: (left_assignment_list (identifier) @definition))
(assignment left: (left_assignment_list (instance_variable) @definition))
(operator_assignment left: (identifier) @definition)
(operator_assignment left: (instance_variable) @definition)
(for pattern: (identifier) @definition)
(method_parameters (identifier) @definition)
(block_parameters (identifier) @definition)
(lambda_parameters (identifier) @definition)
(destructured_parameter (identifier) @definition)
(optional_parameter name: (identifier) @definition)
(keyword_parameter name: (identifier) @definition)
(splat_parameter name: (identifier) @definition)
(hash_splat_parameter name: (identifier) @definition)
(block_parameter name: (identifier) @definition)

[
  (identifier)
  (constant)
  (instance_variable)
  (class_variable)
] @reference
