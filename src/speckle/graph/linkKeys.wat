;; Finds the keys the index of who points where reads (`"referencedId"`, `"applicationId"`,
;; `"__closure"`, and `Proxies"` or `Proxy"`) in one pass over an object's text, sixteen bytes a
;; step: three byte searches in JavaScript, one per rare byte of the keys, were most of the index's
;; time on a 337 MB model. The caller writes the keys at 0 and the text at TEXT (linkKeys.ts).
(module
  ;; 4 MiB to start with; the caller grows it for a longer text.
  (memory (export "memory") 64)

  ;; The keys, 32 bytes each from 0 on: its bytes in 16, then a mask of 16 (0xff for each of its
  ;; bytes). At 0 "referencedId", 32 "applicationId", 64 "__closure", 96 Proxies", 128 Proxy".

  ;; Whether the key whose bytes and mask are at $key stands at $at.
  (func $is (param $at i32) (param $key i32) (result i32)
    (i8x16.all_true
      (i8x16.eq
        (v128.and (v128.load (local.get $at)) (v128.load offset=16 (local.get $key)))
        (v128.load (local.get $key)))))

  ;; Marks of each key found in [$from, $end), in order, from $out on: a key's start times four,
  ;; plus its kind (0 a reference, 1 an applicationId, 2 a closure, 3 a proxy). Returns past the
  ;; last mark. The bytes before $from and from $end on must not hold a key's bytes (the caller
  ;; keeps sixteen zeros on each side).
  (func (export "marks") (param $from i32) (param $end i32) (param $out i32) (result i32)
    (local $at i32)
    (local $bits i32)
    (local $place i32)
    (local $byte i32)
    (local $bytes v128)
    (local.set $at (local.get $from))
    (block $done
      (loop $sixteen_at_a_time
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $bytes (v128.load (local.get $at)))
        (local.set $bits
          (i8x16.bitmask
            (v128.or
              (v128.or
                (i8x16.eq (local.get $bytes) (i8x16.splat (i32.const 0x49)))
                (i8x16.eq (local.get $bytes) (i8x16.splat (i32.const 0x5f))))
              (i8x16.eq (local.get $bytes) (i8x16.splat (i32.const 0x78))))))
        (block $window_done
          (loop $each_bit
            (br_if $window_done (i32.eqz (local.get $bits)))
            (local.set $place (i32.add (local.get $at) (i32.ctz (local.get $bits))))
            (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
            (br_if $window_done (i32.ge_u (local.get $place) (local.get $end)))
            (local.set $byte (i32.load8_u (local.get $place)))
            (if (i32.eq (local.get $byte) (i32.const 0x49))
              (then
                ;; "referencedId": its I is its 12th byte; "applicationId": its 13th.
                (if (call $is (i32.sub (local.get $place) (i32.const 11)) (i32.const 0))
                  (then
                    (i32.store (local.get $out)
                      (i32.shl (i32.sub (local.get $place) (i32.const 11)) (i32.const 2)))
                    (local.set $out (i32.add (local.get $out) (i32.const 4))))
                  (else
                    (if (call $is (i32.sub (local.get $place) (i32.const 12)) (i32.const 32))
                      (then
                        (i32.store (local.get $out)
                          (i32.or
                            (i32.shl (i32.sub (local.get $place) (i32.const 12)) (i32.const 2))
                            (i32.const 1)))
                        (local.set $out (i32.add (local.get $out) (i32.const 4)))))))))
            (if (i32.eq (local.get $byte) (i32.const 0x5f))
              (then
                ;; "__closure": its first _ is its 2nd byte.
                (if (call $is (i32.sub (local.get $place) (i32.const 1)) (i32.const 64))
                  (then
                    (i32.store (local.get $out)
                      (i32.or
                        (i32.shl (i32.sub (local.get $place) (i32.const 1)) (i32.const 2))
                        (i32.const 2)))
                    (local.set $out (i32.add (local.get $out) (i32.const 4)))))))
            (if (i32.eq (local.get $byte) (i32.const 0x78))
              (then
                ;; Proxies" and Proxy": their x is their 4th byte.
                (if (i32.or
                      (call $is (i32.sub (local.get $place) (i32.const 3)) (i32.const 96))
                      (call $is (i32.sub (local.get $place) (i32.const 3)) (i32.const 128)))
                  (then
                    (i32.store (local.get $out)
                      (i32.or
                        (i32.shl (i32.sub (local.get $place) (i32.const 3)) (i32.const 2))
                        (i32.const 3)))
                    (local.set $out (i32.add (local.get $out) (i32.const 4)))))))
            (br $each_bit)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $sixteen_at_a_time)))
    (local.get $out))
)
