;; Dot products of one query with every row of a resident matrix, four or eight lanes at a time
;; (WebAssembly SIMD). resident-scan.ts compiles it with wabt and measures it against Lucene's
;; exhaustive path. Rows are `d` components long, d a multiple of 16; pointers are byte offsets
;; into the imported memory.
(module
  (import "env" "mem" (memory 1))

  ;; out[r] = Σ m[r][j] · q[j], float32 rows and query.
  (func (export "dotF32") (param $m i32) (param $q i32) (param $out i32) (param $n i32) (param $d i32)
    (local $r i32) (local $j i32) (local $row i32) (local $bytes i32) (local $a0 v128) (local $a1 v128) (local $s v128)
    (local.set $bytes (i32.shl (local.get $d) (i32.const 2)))
    (local.set $row (local.get $m))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $cols
          (local.set $a0 (f32x4.add (local.get $a0)
            (f32x4.mul (v128.load (i32.add (local.get $row) (local.get $j))) (v128.load (i32.add (local.get $q) (local.get $j))))))
          (local.set $a1 (f32x4.add (local.get $a1)
            (f32x4.mul (v128.load offset=16 (i32.add (local.get $row) (local.get $j))) (v128.load offset=16 (i32.add (local.get $q) (local.get $j))))))
          (local.set $j (i32.add (local.get $j) (i32.const 32)))
          (br_if $cols (i32.lt_u (local.get $j) (local.get $bytes))))
        (local.set $s (f32x4.add (local.get $a0) (local.get $a1)))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $s)) (f32x4.extract_lane 1 (local.get $s)))
            (f32.add (f32x4.extract_lane 2 (local.get $s)) (f32x4.extract_lane 3 (local.get $s)))))
        (local.set $row (i32.add (local.get $row) (local.get $bytes)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))

  ;; out[r] = Σ m[r][j] · q[j] exactly in int32, int8 rows and an int16 query.
  (func (export "dotI8") (param $m i32) (param $q i32) (param $out i32) (param $n i32) (param $d i32)
    (local $r i32) (local $j i32) (local $row i32) (local $qj i32) (local $v v128) (local $a v128)
    (local.set $row (local.get $m))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (local.set $qj (local.get $q))
        (loop $cols
          (local.set $v (v128.load (i32.add (local.get $row) (local.get $j))))
          (local.set $a (i32x4.add (local.get $a)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qj)))))
          (local.set $a (i32x4.add (local.get $a)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qj)))))
          (local.set $qj (i32.add (local.get $qj) (i32.const 32)))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $cols (i32.lt_u (local.get $j) (local.get $d))))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
            (i32.add (i32x4.extract_lane 2 (local.get $a)) (i32x4.extract_lane 3 (local.get $a)))))
        (local.set $row (i32.add (local.get $row) (local.get $d)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))
)
